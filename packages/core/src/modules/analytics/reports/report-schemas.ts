import { z } from "zod";
import { addDays, daysBetween, isCalendarDay } from "./report-dates.js";

/** The longest period a report reads: a year, leap day included. */
export const MAX_REPORT_DAYS = 366;

const calendarDay = z.string().max(10).refine(isCalendarDay, "a calendar day written YYYY-MM-DD, such as 2026-03-08");
const dayCount = (fallback: number) =>
  z.coerce.number().int().min(1).max(365).describe(`days, 1 to 365 (default ${fallback})`);

/**
 * The query string of `GET /analytics/reports/:name`. Which parameters a report takes is in its
 * definition (`GET /analytics/reports`); one it does not take is a 422.
 */
export const reportQuerySchema = z
  .object({
    date: calendarDay.optional().describe("Single-day reports: the store day (default today in the store's time zone)"),
    from: calendarDay.optional().describe("Range reports: first store day (default the first day of `to`'s month)"),
    to: calendarDay.optional().describe("Range reports: last store day, included (default today)"),
    lookbackDays: dayCount(30)
      .optional()
      .describe("reorder-needed: days of sales the average is taken over (default 30)"),
    leadTimeDays: dayCount(14).optional().describe("reorder-needed: days a delivery takes (default 14)"),
    coverDays: dayCount(30)
      .optional()
      .describe("reorder-needed: days of sales a delivery should cover once it arrives (default 30)"),
  })
  .strict()
  .superRefine((query, context) => {
    if (query.from === undefined || query.to === undefined) return;
    if (query.from > query.to)
      context.addIssue({ code: "custom", path: ["from"], message: "from must be on or before to" });
    else if (daysBetween(query.from, query.to) > MAX_REPORT_DAYS) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: `a report covers at most ${MAX_REPORT_DAYS} days (to is at most ${addDays(query.from, MAX_REPORT_DAYS - 1)})`,
      });
    }
  });

export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportParameterName = keyof ReportQuery;

export const REPORT_NAMES = [
  "daily-journal",
  "tax-summary",
  "inventory-aging",
  "sell-through",
  "reorder-needed",
  "staff-sales",
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const reportColumnSchema = z.object({
  name: z.string(),
  /**
   * `money`: an integer amount in minor units of the row's `currency` (1999 = 19.99 EUR); `percent` and
   * `decimal`: numbers with at most two decimals; `date`: a store day `YYYY-MM-DD`; `string` may be null.
   */
  type: z.enum(["string", "integer", "money", "percent", "decimal", "date"]),
  description: z.string(),
});

export const reportDescriptionSchema = z.object({
  name: z.enum(REPORT_NAMES),
  title: z.string(),
  description: z.string(),
  parameters: z.array(z.object({ name: z.string(), description: z.string() })),
  columns: z.array(reportColumnSchema),
});

const cellSchema = z.union([z.string(), z.number(), z.null()]);

export const reportResultSchema = z.object({
  name: z.enum(REPORT_NAMES),
  timezone: z.string().describe("The store's time zone (settings.general.timezone) the days are counted in"),
  from: z.string().describe("First store day read (the `date` of a single-day report)"),
  to: z.string().describe("Last store day read, included"),
  parameters: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .describe("Every parameter in force, defaults included"),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), cellSchema)),
});

export type ReportColumn = z.output<typeof reportColumnSchema>;
export type ReportDescription = z.output<typeof reportDescriptionSchema>;
export type ReportResult = z.output<typeof reportResultSchema>;
export type ReportCell = z.output<typeof cellSchema>;
