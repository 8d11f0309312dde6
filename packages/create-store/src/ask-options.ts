import type { Readable, Writable } from "node:stream";
import * as clack from "@clack/prompts";
import { CreateStoreError, postgresUrlProblem, type GivenOptions } from "./create-store-options.js";
import type { ReleaseVersions } from "./release-versions.js";
import { STORE_TEMPLATES, unavailableReason, type TemplateName } from "./store-templates.js";
import type { DatabaseChoice } from "./templates/project-files.js";

export interface ChosenOptions {
  directory: string;
  template: TemplateName;
  database: DatabaseChoice;
  install: boolean;
}

export const DEFAULT_DIRECTORY = "my-store";

/** The defaults `--yes` (or a non-interactive terminal) takes for what the command line did not say. */
export function withDefaults(given: GivenOptions): ChosenOptions {
  return {
    directory: given.directory ?? DEFAULT_DIRECTORY,
    template: (given.template ?? "minimal") as TemplateName,
    database: given.database ?? { kind: "embedded" },
    install: given.install ?? true,
  };
}

/** Where the prompts read keys and draw; the process's terminal unless a caller (a test) passes its own. */
export interface PromptStreams {
  input: Readable;
  output: Writable;
}

/** Asks, with a real prompt, for everything the command line did not say; Ctrl-C cancels. */
export async function askOptions(
  given: GivenOptions,
  versions: ReleaseVersions,
  streams: Partial<PromptStreams> = {},
): Promise<ChosenOptions> {
  const directory =
    given.directory ??
    answer(
      await clack.text({
        ...streams,
        message: "Where should the store go?",
        placeholder: DEFAULT_DIRECTORY,
        defaultValue: DEFAULT_DIRECTORY,
        validate: (value) => (value && /[\0]/.test(value) ? "Not a valid directory name" : undefined),
      }),
    );
  const template =
    (given.template as TemplateName | undefined) ??
    answer(
      await clack.select<TemplateName>({
        ...streams,
        message: "Which template?",
        initialValue: "minimal",
        options: STORE_TEMPLATES.map((template) => {
          const reason = unavailableReason(template, versions.packages);
          return {
            value: template.name,
            label: template.label,
            hint: reason ? "not released yet" : template.hint,
            disabled: reason !== null,
          };
        }),
      }),
    );
  let database = given.database;
  if (!database) {
    const kind = answer(
      await clack.select<"embedded" | "postgres">({
        ...streams,
        message: "Which database?",
        initialValue: "embedded",
        options: [
          {
            value: "embedded",
            label: "embedded",
            hint: "PostgreSQL in-process (PGlite), data in .data: nothing to install",
          },
          { value: "postgres", label: "PostgreSQL", hint: "a server you run; give its URL" },
        ],
      }),
    );
    database =
      kind === "embedded"
        ? { kind: "embedded" }
        : {
            kind: "postgres",
            url: answer(
              await clack.text({
                ...streams,
                message: "PostgreSQL URL",
                placeholder: "postgres://postgres@127.0.0.1:5432/store",
                validate: (value) => postgresUrlProblem(value ?? "") ?? undefined,
              }),
            ),
          };
  }
  const install =
    given.install ??
    answer(await clack.confirm({ ...streams, message: "Install the dependencies now?", initialValue: true }));
  return { directory, template, database, install };
}

/** The answer, unless the user cancelled (Ctrl-C), which ends the command. */
function answer<T>(value: T): Exclude<T, symbol> {
  if (clack.isCancel(value)) throw new CreateStoreError("Cancelled; nothing was written");
  return value as Exclude<T, symbol>;
}
