import type { Kernel } from "@unified-commerce/core";

/** How a process leaves on SIGTERM/SIGINT. */
export interface GracefulShutdownOptions {
  kernel: Kernel;
  /**
   * Stops the process's work: an API process closes its server (no new connections, in-flight requests
   * finish), a worker stops claiming and finishes or hands back its jobs. The kernel is closed after it.
   */
  stop: () => Promise<void>;
  /** Longest wait for `stop` before the process exits anyway (exit code 1). @default 10000 */
  graceMs?: number;
  /**
   * Wait between failing readiness and stopping, so a load balancer that polls readiness stops sending
   * new requests before the listener closes. @default 0
   */
  drainDelayMs?: number;
  exit?: (code: number) => void;
}

/** Reads `SHUTDOWN_GRACE_MS` and `SHUTDOWN_DRAIN_DELAY_MS`. */
export function shutdownTimingFromEnv(env: NodeJS.ProcessEnv = process.env): { graceMs: number; drainDelayMs: number } {
  return {
    graceMs: nonNegativeInteger(env.SHUTDOWN_GRACE_MS, 10_000, "SHUTDOWN_GRACE_MS"),
    drainDelayMs: nonNegativeInteger(env.SHUTDOWN_DRAIN_DELAY_MS, 0, "SHUTDOWN_DRAIN_DELAY_MS"),
  };
}

/**
 * On the first SIGTERM or SIGINT: readiness fails (`kernel.drain()`), then after `drainDelayMs` the
 * process stops its work and closes the kernel, exiting 0; past `graceMs` it exits 1 with whatever is
 * still running (a job's lease then runs out and `jobs/reap-stale` hands it to another worker). A second
 * signal exits at once.
 */
export function handleShutdownSignals({
  kernel,
  stop,
  graceMs = 10_000,
  drainDelayMs = 0,
  exit = (code) => process.exit(code),
}: GracefulShutdownOptions): void {
  let isShuttingDown = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (isShuttingDown) {
      kernel.logger.warn({ signal }, "second signal: exiting now");
      exit(1);
      return;
    }
    isShuttingDown = true;
    kernel.drain();
    kernel.logger.info({ signal, graceMs, drainDelayMs }, "shutting down");
    const deadline = setTimeout(() => {
      kernel.logger.error({ graceMs }, "shutdown grace period over: exiting with work still running");
      exit(1);
    }, drainDelayMs + graceMs);
    deadline.unref();
    void (async () => {
      try {
        if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
        await stop();
        kernel.logger.info("shut down");
        exit(0);
      } catch (error) {
        kernel.logger.error({ err: error }, "shutdown failed");
        exit(1);
      }
    })();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, shutdown);
}

function nonNegativeInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0)
    throw new Error(`${name} must be a non-negative integer of milliseconds, got "${value}"`);
  return number;
}
