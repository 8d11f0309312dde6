/**
 * Calendar days of the store: `YYYY-MM-DD` strings, and the instants where they start in the store's time
 * zone. A day is not always 24 hours (23 or 25 on a daylight-saving change), so a day's end is the next
 * day's start, never its start plus 24 hours.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar day written `YYYY-MM-DD` (`2026-02-30` and `2026-1-1` are not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const utcMidnight = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `days` calendar days (negative goes back). */
export const addDays = (day: string, days: number): string => toDay(utcMidnight(day) + days * MS_PER_DAY);

/** Calendar days from `from` to `to`, both counted: 1 when they are the same day. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((utcMidnight(to) - utcMidnight(from)) / MS_PER_DAY) + 1;

/** The first day of `day`'s month. */
export const monthStart = (day: string): string => `${day.slice(0, 8)}01`;

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant `day` begins in `timeZone`. The offset is read twice: once at UTC midnight (a guess), once
 * at the instant the guess gives, which is right unless a change happened in between. Where midnight
 * does not exist (zones that jump at midnight) it is the first instant of the day.
 */
export function dayStart(day: string, timeZone: string): Date {
  const naive = utcMidnight(day);
  const guess = naive - offsetAt(naive, timeZone);
  const corrected = naive - offsetAt(guess, timeZone);
  // In a gap at midnight the corrected instant falls on the day before (23:00 there): the guess is then
  // the first instant of the day.
  const start =
    [corrected, guess].filter((instant) => dayOf(new Date(instant), timeZone) === day).sort((a, b) => a - b)[0] ??
    corrected;
  return new Date(start);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `instant` in `timeZone`, as `YYYY-MM-DD`. */
export function dayOf(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** A report's period: store days `from`..`to` (both included) and the instants `[start, end)` they cover. */
export interface ReportPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
  timezone: string;
}

export function periodOf(from: string, to: string, timezone: string): ReportPeriod {
  return { from, to, timezone, start: dayStart(from, timezone), end: dayStart(addDays(to, 1), timezone) };
}
