import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface LoadOptions {
  name: string;
  url: string;
  connections?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
  /** A fixed number of requests instead of a duration (each may consume a prepared record, e.g. a cart). */
  amount?: number;
  /** autocannon's request sequence, e.g. a `setupRequest` giving each request its own body. */
  requests?: autocannon.Request[];
}

/** Runs autocannon against one URL and returns the figures every benchmark reports. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 5,
    headers: options.headers ?? {},
    method: options.method ?? "GET",
    ...(options.body ? { body: options.body } : {}),
    ...(options.amount === undefined ? {} : { amount: options.amount }),
    ...(options.requests ? { requests: options.requests } : {}),
  });
  return {
    name: options.name,
    // With a fixed amount, the mean of per-second samples would count the last, partial second as a slow
    // one. autocannon notices the amount is reached on its one-second tick, so this wall time is rounded
    // up to it too: callers that need the exact rate time their last response (see checkout.bench.ts).
    requestsPerSecond:
      options.amount === undefined
        ? result.requests.average
        : (result.requests.total * 1000) / (performance.now() - started),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** A markdown table of results with each rate's ratio to the baseline (the first row). */
export function resultTable(results: readonly LoadResult[]): string {
  const baseline = results[0]?.requestsPerSecond ?? 1;
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${(r.requestsPerSecond / baseline).toFixed(2)}x | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} |`,
  );
  return ["| target | req/s | ratio | p50 ms | p99 ms | non-2xx |", "|---|---|---|---|---|---|", ...rows].join("\n");
}
