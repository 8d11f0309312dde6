import { existsSync, readFileSync } from "node:fs";

/** The versions a scaffolded store depends on. */
export interface ReleaseVersions {
  /** `@unified-commerce/*` package name to its released version. */
  packages: Readonly<Record<string, string>>;
  /** Third-party package name to the range the workspace was tested with. */
  thirdParty: Readonly<Record<string, string>>;
}

/**
 * The versions released together with this create-store: `release-versions.json`, written beside the
 * compiled files by the build. Run from the workspace sources (tests, `pnpm create-store`) there is no
 * such file, and the workspace itself is read the same way the build reads it.
 */
export async function readReleaseVersions(): Promise<ReleaseVersions> {
  const recorded = new URL("./release-versions.json", import.meta.url);
  if (existsSync(recorded)) return JSON.parse(readFileSync(recorded, "utf8")) as ReleaseVersions;
  const script = new URL("../scripts/workspace-versions.mjs", import.meta.url);
  if (!existsSync(script)) throw new Error("release-versions.json is missing from this create-store build");
  const { workspaceVersions } = (await import(script.href)) as { workspaceVersions: () => ReleaseVersions };
  return workspaceVersions();
}
