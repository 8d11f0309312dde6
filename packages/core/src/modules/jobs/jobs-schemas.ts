import { z } from "zod";
import type { JobRecord } from "@unified-commerce/jobs";

/** A job as the administration routes answer it (the spec's background job record). */
export const jobSchema = z.object({
  id: z.uuid(),
  organizationId: z.string(),
  queue: z.string(),
  taskSlug: z.string(),
  status: z.enum(["pending", "processing", "succeeded", "failed"]),
  input: z.unknown(),
  output: z.unknown(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  waitUntil: z.string().nullable(),
  concurrencyKey: z.string().nullable(),
  processingStartedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type JobOutput = z.output<typeof jobSchema>;

export function toJobOutput(job: JobRecord): JobOutput {
  return {
    id: job.id,
    organizationId: job.organizationId,
    queue: job.queue,
    taskSlug: job.taskSlug,
    status: job.status,
    input: job.input,
    output: job.output,
    error: job.error,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    waitUntil: job.waitUntil?.toISOString() ?? null,
    concurrencyKey: job.concurrencyKey,
    processingStartedAt: job.processingStartedAt?.toISOString() ?? null,
    completedAt: job.completedAt?.toISOString() ?? null,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}
