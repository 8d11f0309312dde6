#!/usr/bin/env node
import { runCreateStore } from "./create-store.js";

process.exitCode = await runCreateStore(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  isInteractive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  out: (text) => void process.stdout.write(`${text}\n`),
  err: (text) => void process.stderr.write(`${text}\n`),
});
