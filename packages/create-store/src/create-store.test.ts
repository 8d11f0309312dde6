import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { PassThrough } from "node:stream";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCreateStore, type CreateStoreIo } from "./create-store.js";
import type { ReleaseVersions } from "./release-versions.js";

const root = mkdtempSync(join(tmpdir(), "create-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A release without the marketplace plugin, at a version no workspace package has, so it is recognisable. */
const versions: ReleaseVersions = {
  packages: {
    "@unified-commerce/auth": "3.4.5",
    "@unified-commerce/cli": "3.4.5",
    "@unified-commerce/core": "3.4.5",
    "@unified-commerce/mail-smtp": "3.4.5",
    "@unified-commerce/plugin-sdk": "3.4.5",
    "@unified-commerce/plugin-pos": "3.4.5",
  },
  thirdParty: { "@types/node": "^20.19.0", tsx: "^4.23.15", typescript: "^6.0.3", vitest: "~4.1.12", zod: "^4.6.7" },
};

let runs = 0;

/** Runs create-store in a fresh working directory, not in a terminal, and keeps what it printed. */
async function create(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; release?: ReleaseVersions; cwd?: string } = {},
) {
  const cwd = options.cwd ?? join(root, `run-${++runs}`);
  mkdirSync(cwd, { recursive: true });
  const out: string[] = [];
  const err: string[] = [];
  const io: CreateStoreIo = {
    cwd,
    env: options.env ?? { npm_config_user_agent: "npm/10.9.0 node/v22.12.0 linux x64" },
    isInteractive: false,
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    versions: options.release ?? versions,
  };
  const code = await runCreateStore(argv, io);
  return { code, cwd, stdout: out.join("\n"), stderr: err.join("\n") };
}

const read = (path: string) => readFileSync(path, "utf8");

describe("create-store", () => {
  it("writes a minimal store: package.json at the release's versions, config, server, env, README, sample plugin and its test, .gitignore", async () => {
    const { code, cwd, stderr } = await create(["My Shop", "--no-install"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const store = join(cwd, "My Shop");
    expect(readdirSync(store, { recursive: true }).map(String).sort()).toEqual([
      ".env",
      ".env.example",
      ".gitignore",
      "README.md",
      "commerce.config.ts",
      "package.json",
      "src",
      "src/build-server.ts",
      "src/plugins",
      "src/plugins/greetings-plugin.test.ts",
      "src/plugins/greetings-plugin.ts",
      "src/server.ts",
      "src/store.test.ts",
      "tsconfig.json",
      "vitest.config.ts",
    ]);

    const manifest = JSON.parse(read(join(store, "package.json")));
    expect(manifest.name).toBe("my-shop");
    expect(manifest.private).toBe(true);
    expect(manifest.type).toBe("module");
    expect(manifest.dependencies).toEqual({
      "@unified-commerce/auth": "^3.4.5",
      "@unified-commerce/cli": "^3.4.5",
      "@unified-commerce/core": "^3.4.5",
      "@unified-commerce/mail-smtp": "^3.4.5",
      "@unified-commerce/plugin-sdk": "^3.4.5",
      tsx: "^4.23.15",
      zod: "^4.6.7",
    });
    expect(manifest.devDependencies).toEqual({ "@types/node": "^20.19.0", typescript: "^6.0.3", vitest: "~4.1.12" });
    expect(manifest.scripts).toMatchObject({
      dev: "tsx watch src/server.ts",
      start: "tsx src/server.ts",
      test: "vitest run",
      seed: "uc seed",
    });

    const config = read(join(store, "commerce.config.ts"));
    expect(config).toContain('import { greetingsPlugin } from "./src/plugins/greetings-plugin.js";');
    expect(config).toContain("plugins: [auth(authOptions), greetingsPlugin()],");
    expect(config).not.toContain("plugin-pos");
    expect(read(join(store, "src/server.ts"))).toContain("await app.listen({ port, host });");
    expect(read(join(store, "src/plugins/greetings-plugin.ts"))).toContain('from "@unified-commerce/plugin-sdk"');
    expect(read(join(store, "src/plugins/greetings-plugin.test.ts"))).toContain(
      'from "@unified-commerce/plugin-sdk/testing"',
    );
    expect(read(join(store, ".env.example"))).toMatch(/^# DATABASE_URL=postgres:\/\//m);
    expect(read(join(store, ".env"))).toBe("DATA_DIR=.data\n");
    expect(read(join(store, ".gitignore")).split("\n")).toEqual(
      expect.arrayContaining(["node_modules", ".data", ".env"]),
    );
    expect(read(join(store, "README.md"))).toMatch(/^# my-shop\n/);
    expect(read(join(store, "README.md"))).toContain("npx uc seed");
  });

  it("prints the next two commands: into the directory, install (when skipped), start", async () => {
    const { stdout } = await create(["shop", "--no-install"]);
    expect(stdout).toContain("Created a minimal store in shop (embedded database in .data).");
    expect(stdout).toContain("Next:\n  cd shop\n  npm install\n  npm run dev\n");
    expect(stdout).toContain(
      "`npx uc seed` fills it with a demo store (stop the server first: the embedded database serves one process at a time)",
    );
  });

  it("speaks the package manager that ran it", async () => {
    const { stdout, cwd } = await create(["shop", "--no-install"], {
      env: { npm_config_user_agent: "pnpm/12.21.0 npm/? node/v22.12.0 linux x64" },
    });
    expect(stdout).toContain("Next:\n  cd shop\n  pnpm install\n  pnpm dev\n");
    expect(stdout).toContain("`pnpm uc seed`");
    expect(read(join(cwd, "shop", "README.md"))).toContain("pnpm uc seed");
  });

  it("installs with the package manager that ran it, then prints only cd and start", async () => {
    const bin = join(root, "fake-bin");
    const log = join(root, "pnpm-calls.log");
    mkdirSync(bin, { recursive: true });
    // A stand-in pnpm on the PATH: records where and how it was called, as the real one would be.
    writeFileSync(join(bin, "pnpm"), `#!/bin/sh\necho "$PWD $*" >> "${log}"\n`);
    chmodSync(join(bin, "pnpm"), 0o755);
    const env = {
      PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`,
      npm_config_user_agent: "pnpm/12.21.0 node/v22.12.0 linux x64",
    };
    const { code, cwd, stdout } = await create(["shop", "--yes"], { env });
    expect(code).toBe(0);
    expect(read(log).trim()).toBe(`${join(cwd, "shop")} install`);
    expect(stdout).toContain("Installing dependencies with pnpm");
    expect(stdout).toContain("Next:\n  cd shop\n  pnpm dev\n");
  });

  it("says in one line that the install failed, exit code 1, and leaves the files to retry", async () => {
    const bin = join(root, "failing-bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, "npm"), "#!/bin/sh\nexit 7\n");
    chmodSync(join(bin, "npm"), 0o755);
    const { code, cwd, stderr } = await create(["shop", "--yes"], {
      env: { PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` },
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `create-store: npm install failed (exit code 7); fix the cause and run it again in ${join(cwd, "shop")}`,
    );
    expect(existsSync(join(cwd, "shop", "package.json"))).toBe(true);
  });

  it("with --template pos depends on the pos plugin and adds it to the configuration", async () => {
    const { code, cwd } = await create(["till", "--template", "pos", "--no-install"]);
    expect(code).toBe(0);
    expect(JSON.parse(read(join(cwd, "till", "package.json"))).dependencies["@unified-commerce/plugin-pos"]).toBe(
      "^3.4.5",
    );
    const config = read(join(cwd, "till", "commerce.config.ts"));
    expect(config).toContain('import { pos } from "@unified-commerce/plugin-pos";');
    expect(config).toContain("plugins: [auth(authOptions), greetingsPlugin(), pos()],");
    expect(config).toContain('"greetings:*", "pos:*"');
  });

  it("refuses --template marketplace while the release has no marketplace plugin, writing nothing", async () => {
    const { code, cwd, stderr } = await create(["bazaar", "--template", "marketplace", "--no-install"]);
    expect(code).toBe(1);
    expect(stderr).toBe(
      "create-store: the marketplace template needs @unified-commerce/plugin-marketplace, which is not released yet; choose minimal or pos",
    );
    expect(existsSync(join(cwd, "bazaar"))).toBe(false);
  });

  it("scaffolds --template marketplace once the release has its plugin", async () => {
    const release = {
      ...versions,
      packages: { ...versions.packages, "@unified-commerce/plugin-marketplace": "3.4.5" },
    };
    const { code, cwd } = await create(["bazaar", "--template", "marketplace", "--no-install"], { release });
    expect(code).toBe(0);
    expect(
      JSON.parse(read(join(cwd, "bazaar", "package.json"))).dependencies["@unified-commerce/plugin-marketplace"],
    ).toBe("^3.4.5");
    expect(read(join(cwd, "bazaar", "commerce.config.ts"))).toContain(
      "plugins: [auth(authOptions), greetingsPlugin(), marketplace()],",
    );
  });

  it("refuses an unknown template as a usage error (exit code 2)", async () => {
    const { code, stderr } = await create(["shop", "--template", "grocery"]);
    expect(code).toBe(2);
    expect(stderr).toBe('create-store: --template must be one of minimal, marketplace, pos; got "grocery"');
  });

  it("writes a PostgreSQL URL given with --database into .env, mode 600", async () => {
    const url = "postgres://shop:secret@127.0.0.1:5432/shop";
    const { code, cwd, stdout } = await create(["shop", "--database", url, "--no-install"]);
    expect(code).toBe(0);
    expect(read(join(cwd, "shop", ".env"))).toBe(`DATABASE_URL=${url}\n`);
    expect(statSync(join(cwd, "shop", ".env")).mode & 0o777).toBe(0o600);
    expect(stdout).toContain("(PostgreSQL from DATABASE_URL in .env)");
    // PostgreSQL serves the server and uc at once: no advice to stop the server.
    expect(stdout).toContain("`npx uc seed` fills it with a demo store; see README.md.");
  });

  it("never writes into a directory that is not empty, and leaves it as it was", async () => {
    const cwd = join(root, "non-empty");
    mkdirSync(join(cwd, "shop"), { recursive: true });
    writeFileSync(join(cwd, "shop", "notes.txt"), "mine");
    const { code, stderr } = await create(["shop", "--yes", "--no-install"], { cwd });
    expect(code).toBe(1);
    expect(stderr).toBe(`create-store: ${join(cwd, "shop")} is not empty; choose a new or empty directory`);
    expect(readdirSync(join(cwd, "shop"))).toEqual(["notes.txt"]);
  });

  it("refuses a non-empty current directory too, and a path that is a file", async () => {
    const cwd = join(root, "busy");
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, "package.json"), "{}");
    expect((await create([".", "--no-install"], { cwd })).stderr).toContain("is not empty");
    expect((await create(["package.json", "--no-install"], { cwd })).stderr).toBe(
      `create-store: ${join(cwd, "package.json")} exists and is not a directory`,
    );
    expect(read(join(cwd, "package.json"))).toBe("{}");
  });

  it("fills an empty existing directory and then prints no cd", async () => {
    const cwd = join(root, "empty-here");
    mkdirSync(cwd, { recursive: true });
    const { code, stdout } = await create([".", "--no-install"], { cwd });
    expect(code).toBe(0);
    expect(existsSync(join(cwd, "commerce.config.ts"))).toBe(true);
    expect(JSON.parse(read(join(cwd, "package.json"))).name).toBe("empty-here");
    expect(stdout).toContain("Next:\n  npm install\n  npm run dev\n");
  });

  it("without a terminal takes the defaults instead of asking: my-store", async () => {
    const { code, cwd } = await create(["--no-install"]);
    expect(code).toBe(0);
    expect(existsSync(join(cwd, "my-store", "commerce.config.ts"))).toBe(true);
  });

  it("prints its usage for --help and a usage error with exit code 2 for a bad option", async () => {
    const help = await create(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: create-store \[directory\] \[options\]/);
    const bad = await create(["--database", "mysql://x/y"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('create-store: --database must be "embedded" or a postgres:// URL, got a mysql: URL');
  });
});

/**
 * A terminal for the real prompts: when the screen shows a question, it types that step's keys. The
 * keys wait for the question, as a person would; typed ahead they would land in the previous prompt.
 */
function terminal(script: ReadonlyArray<readonly [question: string, keys: string]>) {
  const input = new PassThrough();
  const output = new PassThrough();
  let screen = "";
  let step = 0;
  output.on("data", (chunk: Buffer) => {
    screen += chunk.toString();
    const next = script[step];
    if (!next || !screen.includes(next[0])) return;
    step += 1;
    screen = "";
    setImmediate(() => input.write(next[1]));
  });
  return { input, output, answered: () => step };
}

const ENTER = "\r";
const DOWN = "\u001b[B";
const RIGHT = "\u001b[C";

describe("create-store in a terminal", () => {
  async function ask(argv: string[], script: ReadonlyArray<readonly [string, string]>) {
    const cwd = join(root, `asked-${++runs}`);
    mkdirSync(cwd, { recursive: true });
    const prompt = terminal(script);
    const err: string[] = [];
    let drawn = "";
    prompt.output.on("data", (chunk: Buffer) => (drawn += chunk.toString()));
    const code = await runCreateStore(argv, {
      cwd,
      env: { npm_config_user_agent: "pnpm/12.21.0 node/v22.12.0 linux x64" },
      isInteractive: true,
      out: () => undefined,
      err: (text) => void err.push(text),
      versions,
      prompt,
    });
    return { code, cwd, drawn, stderr: err.join("\n"), answered: prompt.answered() };
  }

  it("asks for the directory, template, database and install, with a real prompt", async () => {
    const url = "postgres://shop@127.0.0.1:5432/shop";
    const { code, cwd, drawn, answered } = await ask(
      [],
      [
        ["Where should the store go?", `till${ENTER}`],
        // The marketplace template is shown but disabled (not released), so one step down is pos.
        ["Which template?", `${DOWN}${ENTER}`],
        ["Which database?", `${DOWN}${ENTER}`],
        ["PostgreSQL URL", `${url}${ENTER}`],
        ["Install the dependencies now?", `${RIGHT}${ENTER}`],
      ],
    );
    expect(answered).toBe(5);
    expect(code).toBe(0);
    expect(drawn).toContain("not released yet");
    expect(read(join(cwd, "till", "commerce.config.ts"))).toContain("pos()");
    expect(read(join(cwd, "till", ".env"))).toBe(`DATABASE_URL=${url}\n`);
    expect(drawn).toMatch(/Next:[\s\S]*cd till[\s\S]*pnpm install[\s\S]*pnpm dev/);
  });

  it("asks only what the command line did not say", async () => {
    const { code, cwd, answered } = await ask(
      ["shop", "--template", "minimal", "--no-install"],
      [["Which database?", ENTER]],
    );
    expect(answered).toBe(1);
    expect(code).toBe(0);
    expect(read(join(cwd, "shop", ".env"))).toBe("DATA_DIR=.data\n");
  });

  it("writes nothing when cancelled with Ctrl-C", async () => {
    const { code, cwd, stderr } = await ask(["--no-install"], [["Where should the store go?", "\u0003"]]);
    expect(code).toBe(1);
    expect(stderr).toBe("create-store: Cancelled; nothing was written");
    expect(readdirSync(cwd)).toEqual([]);
  });
});
