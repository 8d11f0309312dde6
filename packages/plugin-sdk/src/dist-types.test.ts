import { execFileSync } from "node:child_process";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

// A third party installs the packages and compiles against their emitted `dist` types, not the workspace
// sources the other tests run on: module augmentations (`Services`, `CommerceConfig`, `DomainEvents`...)
// that no emitted declaration file reaches, or an export map pointing at a missing file, only show here.

const root = fileURLToPath(new URL("../../../", import.meta.url));
const helloDir = join(root, "examples/plugin-hello");

const parsedFiles = new Map<string, ts.SourceFile>();

interface Check {
  /** Every file the program read, relative to the repository. */
  files: string[];
  /** Diagnostics as `path(line): TScode message`. */
  errors: string[];
}

/**
 * Type-checks examples/plugin-hello with its `tsconfig.dist.json` (no `source` condition), plus `extra`
 * files given in memory as if they sat in its `src/`.
 */
function typeCheckHello(extra: Record<string, string> = {}): Check {
  const configPath = join(helloDir, "tsconfig.dist.json");
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`Cannot read ${configPath}`);
  const virtual = new Map(Object.entries(extra).map(([name, text]) => [join(helloDir, "src", name), text]));
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists(fileName);
  host.readFile = (fileName) => virtual.get(fileName) ?? readFile(fileName);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = virtual.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    // Files on disk do not change between the two checks: parse (and bind) the declarations once.
    const cached = parsedFiles.get(fileName) ?? getSourceFile(fileName, languageVersion, ...rest);
    if (cached) parsedFiles.set(fileName, cached);
    return cached;
  };
  const program = ts.createProgram({
    rootNames: [...config.fileNames, ...virtual.keys()],
    options: config.options,
    host,
  });
  const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code} ${message}`;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${relative(root, diagnostic.file.fileName)}(${line + 1}): TS${diagnostic.code} ${message}`;
  });
  return { files: program.getSourceFiles().map((file) => relative(root, file.fileName)), errors };
}

describe("the published types", () => {
  beforeAll(() => {
    // jobs, core and plugin-sdk in dependency order; incremental, so unchanged packages cost a few seconds.
    execFileSync("pnpm", ["--filter", "@unified-commerce/plugin-sdk...", "--workspace-concurrency=1", "build"], {
      cwd: root,
      stdio: "pipe",
    });
  }, 300_000);

  it("type-check examples/plugin-hello against the emitted dist, not the sources", () => {
    const { files, errors } = typeCheckHello();

    expect(errors).toEqual([]);
    const ours = files.filter((file) => file.startsWith("packages/"));
    expect(ours).toEqual(
      expect.arrayContaining(["packages/plugin-sdk/dist/index.d.ts", "packages/core/dist/index.d.ts"]),
    );
    expect(ours.filter((file) => !/^packages\/[^/]+\/dist\/.+\.d\.ts$/.test(file))).toEqual([]);
  });

  it("type services, hooks, events, error codes and settings for a plugin that imports only the SDK", () => {
    // Each line marked `// !` must fail for the reason beside it; nothing else may (so every built-in
    // service and configuration section the other lines name is typed).
    const misuse = [
      'import { AppError, defineConfig, definePlugin, defineHook, postgresSearch, type AnalyticsModel, type ServiceContext } from "@unified-commerce/plugin-sdk";',
      "export async function misuse({ services, events, database }: ServiceContext) {",
      '  const entity = await services.catalog.getEntity("org", "a-slug", { actor: null, include: [] });',
      "  const slug: number = entity.slug; // ! TS2322 Type 'string' is not assignable to type 'number'",
      '  await services.inventory.reserve("org", { entityId: entity.id }); // ! TS2345 .*quantity',
      "  await services.catalog.archiveEverything(); // ! TS2339 Property 'archiveEverything' does not exist",
      '  const hello = await services.settings.get("org", "hello");',
      "  const colour: string | undefined = hello.colour; // ! TS2339 Property 'colour' does not exist",
      "  await database.transaction((trx) =>",
      '    events.emit({ organizationId: "org", type: "hello.undeclared", entityType: "greeting", entityId: "x", payload: {}, actor: null }, { trx }), // ! TS2322 .*"hello.undeclared"',
      "  );",
      "  void [services.audit, services.catalog, services.inventory, services.jobs, services.media, services.orders, services.payments];",
      "  void [services.pricing, services.promotions, services.search, services.settings, services.tax, services.webhooks, services.analyticsQueries];",
      "  return { slug, colour };",
      "}",
      "export const config = defineConfig({",
      "  media: { maxFileSize: 1 }, search: { adapter: postgresSearch() }, catalog: { includeCacheBytes: 0 }, tax: { regionRates: {} }, webhooks: { timeoutMs: 1 }, analytics: { statementTimeoutMs: 1 },",
      "  jobs: { leaseMs: 1 }, pricing: {}, // ! TS2353 .*'pricing' does not exist",
      "});",
      'export const refused = new AppError("NO_SUCH_CODE"); // ! TS2345 .*"NO_SUCH_CODE"',
      'export const model: AnalyticsModel = { name: "m", table: "t", measures: { n: { type: "median", column: "x" } }, dimensions: {} }; // ! TS2322 .*"median"',
      'export const plugin = definePlugin({ id: "misuse", version: "1.0.0", hooks: [defineHook("hello.beforeCreate", ({ title }) => void title)] }); // ! TS2339 Property \'title\' does not exist',
    ];
    const { errors } = typeCheckHello({ "misuse.ts": misuse.join("\n") });

    const expected = misuse.flatMap((line, index) => {
      const reason = line.split("// ! ")[1];
      return reason === undefined
        ? []
        : [new RegExp(`^examples/plugin-hello/src/misuse\\.ts\\(${index + 1}\\): ${reason}`)];
    });
    const reported = errors.filter((error) => error.startsWith("examples/plugin-hello/src/misuse.ts"));
    for (const pattern of expected)
      expect(
        reported.some((error) => pattern.test(error)),
        `${pattern} among\n${reported.join("\n")}`,
      ).toBe(true);
    expect(reported, reported.join("\n")).toHaveLength(expected.length);
  });
});
