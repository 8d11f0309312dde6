/** Decides how many claimed jobs a worker keeps waiting in memory beyond its running ones. */
export interface PrefetchSizer {
  recordClaim(durationMs: number): void;
  recordJob(durationMs: number): void;
  /** Jobs to hold beyond `concurrency`, between 1 and `max`. */
  target(): number;
}

// Weight of the newest sample in the moving averages.
const WEIGHT = 0.2;

/**
 * Enough jobs to keep every slot busy while the next claim is on its way: about `concurrency` times as
 * many as the number of jobs a slot finishes during one claim round trip. Short jobs get large batches
 * (few round trips per job); slow jobs get one spare, so they do not sit claimed in one worker while
 * another worker idles.
 */
export function createPrefetchSizer(options: { concurrency: number; max: number }): PrefetchSizer {
  let claimMs: number | undefined;
  let jobMs: number | undefined;
  const average = (current: number | undefined, sample: number) =>
    current === undefined ? sample : current + WEIGHT * (sample - current);
  return {
    recordClaim: (durationMs) => {
      claimMs = average(claimMs, durationMs);
    },
    recordJob: (durationMs) => {
      jobMs = average(jobMs, durationMs);
    },
    target: () => {
      if (claimMs === undefined || jobMs === undefined) return Math.min(options.concurrency, options.max);
      const wanted = Math.ceil((options.concurrency * claimMs) / Math.max(jobMs, 0.01));
      return Math.max(1, Math.min(options.max, wanted));
    },
  };
}
