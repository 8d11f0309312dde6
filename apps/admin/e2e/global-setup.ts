import { build } from "vite";
import { adminDir } from "./paths.js";

/** Builds the admin once for every e2e file (about 2 s); the reference server serves `dist/spa`. */
export default async function buildAdmin(): Promise<void> {
  await build({ root: adminDir, configFile: `${adminDir}vite.config.ts`, logLevel: "warn" });
}
