import { executionAsyncResource } from "node:async_hooks";

let retained: object | undefined;

/**
 * Keeps one `process.nextTick` tick object alive for the life of the process.
 *
 * Why: on Node 20 (V8 11.3), once a full garbage collection runs after some ticks while no tick object
 * is alive, building each later tick object (`{ [async_id_symbol]: ..., callback, args }` inside
 * `process.nextTick`) takes a much slower path for the rest of the process's life; most likely the
 * tick object's hidden class is collected and rebuilt behind V8's inline caches. Node's streams
 * queue about eight ticks per HTTP request, so a server whose startup runs a full collection (ours
 * always does: PGlite, migrations, hundreds of modules) lost a noticeable share of its CPU per request
 * (bench/results/kernel.md). A plain `node:http` server that runs one `gc()` after a few ticks
 * loses the same. Holding one tick object keeps the shape alive, so it is never rebuilt.
 * Runs once, as early as the module graph allows; costs one small object.
 *
 * It belongs to the process, not the library: this file is the API process's first import (`main.ts`),
 * and every benchmark server loads it with `--import` (bench/src/servers/start-server.ts).
 * The worker serves no HTTP traffic, so it does without.
 */
export function retainTickObject(): void {
  if (retained) return;
  process.nextTick(() => {
    retained ??= executionAsyncResource();
  });
}

retainTickObject();
