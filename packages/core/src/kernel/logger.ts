import type { FastifyBaseLogger } from "fastify";

/** The logger the kernel hands to modules: pino's interface, as Fastify types it. */
export type Logger = FastifyBaseLogger;
