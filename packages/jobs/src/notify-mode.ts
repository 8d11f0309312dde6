/** The channel enqueue notifies on; the payload is the queue name. */
export const JOBS_NOTIFY_CHANNEL = "unified_commerce_jobs";

/**
 * When an enqueue sends a NOTIFY (never for a delayed job, at most one per statement):
 * - `when-idle`: only when the queue holds no other due job. A NOTIFY makes PostgreSQL serialize commits
 *   (slower inserts: see bench/results/jobs.md); when due jobs are already waiting, a worker is busy or about to
 *   be, and it keeps claiming until the queue is empty. A worker that has just drained re-checks shortly
 *   after, which covers a job whose enqueue raced with that last empty claim.
 * - `always`: every due enqueue notifies (lowest latency under load, slowest inserts).
 * - `never`: workers rely on polling.
 * @default "when-idle"
 */
export type NotifyMode = "when-idle" | "always" | "never";
