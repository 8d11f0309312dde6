import { readFileSync } from "node:fs";

/** The CLI package's version, read from its package.json (beside `src/` in the workspace, `dist/` once published). */
export function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version?: string;
  };
  return manifest.version ?? "unknown";
}
