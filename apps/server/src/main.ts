// First, so a tick object is held before startup's first full collection: see retain-tick-object.ts.
import "./retain-tick-object.js";
import { exitOnBootFailure } from "./boot-failure.js";
import { startTracing } from "./tracing.js";

// Tracing first: the rest of the process (Fastify, pg) is imported only once it can be instrumented.
const tracing = await startTracing(process.env, "unified-commerce-api");
const { runApiProcess } = await import("./api-process.js");
await runApiProcess({ tracing }).catch(exitOnBootFailure);
