import type { CliCommand } from "./cli-command.js";
import { apiKeyCreate, apiKeyList, apiKeyRevoke } from "./commands/api-key-commands.js";
import { catalogImport } from "./commands/catalog-commands.js";
import { jobsFailed, jobsList, jobsRetry, jobsRun } from "./commands/jobs-commands.js";
import { migrate } from "./commands/migrate-command.js";
import { orgCreate, orgList } from "./commands/org-commands.js";
import { seed } from "./commands/seed-command.js";
import { settingsGet, settingsSet } from "./commands/settings-commands.js";
import { userCreate, userRemove } from "./commands/user-commands.js";

/** The CLI's own commands, in the order `uc --help` lists them. Plugins add theirs through their manifests. */
export const BUILTIN_COMMANDS: readonly CliCommand[] = [
  apiKeyCreate,
  apiKeyList,
  apiKeyRevoke,
  orgCreate,
  orgList,
  userCreate,
  userRemove,
  migrate,
  jobsList,
  jobsFailed,
  jobsRetry,
  jobsRun,
  settingsGet,
  settingsSet,
  catalogImport,
  seed,
];
