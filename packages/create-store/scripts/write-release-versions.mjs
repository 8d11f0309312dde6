#!/usr/bin/env node
/**
 * Records, in `dist/release-versions.json`, the version of every publishable `@unified-commerce/*`
 * package of the workspace and the workspace catalog's range of each third-party package a store
 * depends on. Run by `build`, which `changeset publish` follows after `changeset version`, so a published
 * create-store scaffolds stores that depend on exactly the versions released with it.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { workspaceVersions } from "./workspace-versions.mjs";

writeFileSync(
  fileURLToPath(new URL("../dist/release-versions.json", import.meta.url)),
  `${JSON.stringify(workspaceVersions(), null, 2)}\n`,
);
