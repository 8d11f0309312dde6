import { sql } from "kysely";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/create-database.js";
import type { Logger } from "./logger.js";

/** Outcome of one webhook delivery attempt. */
export type WebhookDeliveryOutcome = "delivered" | "retrying" | "failed" | "skipped";

/**
 * The process's Prometheus metrics (prom-client), one registry per kernel so several kernels in one
 * process (tests) do not mix. Modules record through `services.metrics`; `/metrics` (see
 * `metricsRoute`) and the worker's health port expose `registry`.
 */
export interface Metrics {
  /** This kernel's metrics; register your own here. */
  registry: Registry;
  /** The exposition text: this kernel's metrics and the process's (CPU, memory, event loop, GC). */
  scrape(): Promise<string>;
  /** Content type of `scrape()`'s text. */
  contentType: string;
  /** One answered HTTP request: `route` is the route's template (`/api/products/:id`), never the raw URL. */
  recordRequest(labels: { method: string; route: string; status: number }, durationSeconds: number): void;
  /** One job attempt's end: `outcome` is `succeeded` or `failed` (a failed attempt may be retried). */
  recordJob(labels: { task: string; outcome: "succeeded" | "failed" }, durationSeconds: number): void;
  recordWebhookDelivery(outcome: WebhookDeliveryOutcome): void;
}

/** Request latency buckets (seconds): from a cached read to a slow checkout. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

let processRegistry: Registry | undefined;

/**
 * Node's process metrics, collected once per process and only once something scrapes: they start an
 * event-loop delay monitor and a GC observer that nothing stops, which must not pile up with every
 * kernel a test file boots.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics({ database, logger }: { database: Database; logger: Logger }): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route template and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration, by method, route template and status",
    labelNames: ["method", "route", "status"],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const jobs = new Counter({
    name: "jobs_processed_total",
    help: "Job attempts finished by this process, by task and outcome",
    labelNames: ["task", "outcome"],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: "job_duration_seconds",
    help: "Job attempt duration, by task and outcome",
    labelNames: ["task", "outcome"],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: "webhook_deliveries_total",
    help: "Webhook delivery attempts, by outcome",
    labelNames: ["outcome"],
    registers: [registry],
  });

  // Registered before the queue depth: prom-client starts collectors in order, so the pool is read
  // before the scrape's own query takes a connection from it.
  if (database.poolUsage) {
    const usage = database.poolUsage.bind(database);
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections: total open, idle, clients waiting for one, and the configured maximum",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const { total, idle, waiting, max } = usage();
        this.set({ state: "total" }, total);
        this.set({ state: "idle" }, idle);
        this.set({ state: "waiting" }, waiting);
        this.set({ state: "max" }, max);
      },
    });
  }

  new Gauge({
    name: "jobs_queue_depth",
    help: "Jobs waiting (pending, due now or later) and running (processing), by queue; read from the database at scrape time",
    labelNames: ["queue", "status"],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await sql<{ queue: string; status: string; count: number }>`
          select queue, status, count(*)::int as count from jobs where status in ('pending', 'processing') group by queue, status`.execute(
          database.db,
        );
        for (const row of rows.rows) this.set({ queue: row.queue, status: row.status }, row.count);
      } catch (error) {
        // A scrape during a database outage still answers the process's own metrics.
        logger.warn({ err: error }, "metrics: reading the job queue depth failed");
      }
    },
  });

  return {
    registry,
    scrape: () => Registry.merge([processMetrics(), registry]).metrics(),
    contentType: registry.contentType,
    recordRequest: ({ method, route, status }, durationSeconds) => {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, durationSeconds);
    },
    recordJob: (labels, durationSeconds) => {
      jobs.inc(labels);
      jobDuration.observe(labels, durationSeconds);
    },
    recordWebhookDelivery: (outcome) => webhooks.inc({ outcome }),
  };
}

declare module "./services.js" {
  interface Services {
    /** The process's Prometheus metrics; the kernel registers it before any module's services. */
    metrics: Metrics;
  }
}
