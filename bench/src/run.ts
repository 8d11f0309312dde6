/**
 * Runs every benchmark under `src/` whose file name ends in `.bench.ts`, one after another, each in its
 * own process (so one benchmark's heap and sockets never skew the next). `pnpm bench kernel` runs only the
 * files whose name contains "kernel". Each benchmark prints its figures and ratios and writes them to
 * `results/<name>.md`.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { RETAIN_TICK_OBJECT } from "./servers/start-server.js";

const dir = fileURLToPath(new URL(".", import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((file) => file.endsWith(".bench.ts"))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches ${filters.join(", ")}`);
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  // Benchmarks that serve in their own process (content) hold a tick object as the production server does.
  const flags = ["--conditions=source", "--import", "tsx", "--import", RETAIN_TICK_OBJECT];
  const result = spawnSync(process.execPath, [...flags, `${dir}/${file}`], { stdio: "inherit" });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
