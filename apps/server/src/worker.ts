import { exitOnBootFailure } from "./boot-failure.js";
import { startTracing } from "./tracing.js";

// Tracing first: the rest of the process (pg) is imported only once it can be instrumented.
const tracing = await startTracing(process.env, "unified-commerce-worker");
const { runWorkerProcess } = await import("./worker-process.js");
await runWorkerProcess({ tracing }).catch(exitOnBootFailure);
