import { fileURLToPath } from "node:url";

/** The repository's root and the places the e2e helpers start things from. */
export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
export const adminDir = fileURLToPath(new URL("..", import.meta.url));
export const serverDir = fileURLToPath(new URL("../../server", import.meta.url));
export const screenshotDir = fileURLToPath(new URL("../test-results/screenshots", import.meta.url));
