import type { CommerceConfig } from "@unified-commerce/core";

/**
 * The configuration a worker process runs: the server's, with its in-process job worker (`jobs.autorun`)
 * on whatever `JOBS_AUTORUN` says, since running jobs is all a worker does.
 */
export function workerConfig(config: CommerceConfig): CommerceConfig {
  return { ...config, jobs: { ...config.jobs, autorun: { ...config.jobs?.autorun, enabled: true } } };
}
