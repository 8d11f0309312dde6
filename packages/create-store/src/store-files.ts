import type { ReleaseVersions } from "./release-versions.js";
import type { StoreTemplate } from "./store-templates.js";
import type { PackageManager } from "./package-manager.js";
import { commerceConfig } from "./templates/commerce-config.js";
import { greetingsPluginFile, greetingsTestFile } from "./templates/greetings-plugin.js";
import { packageJson } from "./templates/package-json.js";
import {
  envExampleFile,
  envFile,
  gitignoreFile,
  readmeFile,
  tsconfigFile,
  vitestConfigFile,
  type DatabaseChoice,
} from "./templates/project-files.js";
import { buildServerFile, serverFile, storeTestFile } from "./templates/server-files.js";
import { runBin, runScript } from "./package-manager.js";

export interface StoreFilesInput {
  /** The package name (the directory's name, made npm-safe). */
  name: string;
  template: StoreTemplate;
  database: DatabaseChoice;
  versions: ReleaseVersions;
  packageManager: PackageManager;
}

/** Every file of a new store, by path relative to its directory. */
export function storeFiles(input: StoreFilesInput): Record<string, string> {
  const run = (script: string) => runScript(input.packageManager, script);
  return {
    "package.json": packageJson(input),
    "commerce.config.ts": commerceConfig(input.template),
    "src/build-server.ts": buildServerFile,
    "src/server.ts": serverFile,
    "src/store.test.ts": storeTestFile,
    "src/plugins/greetings-plugin.ts": greetingsPluginFile,
    "src/plugins/greetings-plugin.test.ts": greetingsTestFile,
    ".env.example": envExampleFile,
    ".env": envFile(input.database),
    ".gitignore": gitignoreFile,
    "tsconfig.json": tsconfigFile,
    "vitest.config.ts": vitestConfigFile,
    "README.md": readmeFile({
      name: input.name,
      template: input.template,
      run,
      uc: runBin(input.packageManager, "uc"),
    }),
  };
}
