/** How often a recurring task runs: `"30s"`, `"10m"`, `"1h"`, `"1d"`, or a number of milliseconds. */
export type TaskInterval = `${number}${"s" | "m" | "h" | "d"}` | number;

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * The milliseconds of an interval. Throws, naming the task, for anything but a whole positive number of
 * units or milliseconds ("1.5h", "10 min", 0, -5 and NaN alike): a schedule that cannot be read is a
 * boot error, not a task that silently never runs or runs in a loop.
 */
export function parseTaskInterval(interval: TaskInterval, slug: string): number {
  if (typeof interval === "number") {
    if (Number.isSafeInteger(interval) && interval >= 1) return interval;
  } else {
    const match = /^([1-9][0-9]*)([smhd])$/.exec(interval);
    const unit = match?.[2] as keyof typeof UNIT_MS | undefined;
    const milliseconds = match && unit ? Number(match[1]) * UNIT_MS[unit] : Number.NaN;
    if (Number.isSafeInteger(milliseconds)) return milliseconds;
  }
  throw new Error(
    `Task "${slug}": every must be a whole number of s, m, h or d ("10m") or of milliseconds (>= 1), ` +
      `got ${JSON.stringify(interval)}`,
  );
}
