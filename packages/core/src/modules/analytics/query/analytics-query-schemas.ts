import { z } from "zod";
import {
  ANALYTICS_DIMENSION_TYPES,
  ANALYTICS_GRANULARITIES,
  ANALYTICS_MEASURE_TYPES,
} from "../../../kernel/analytics-model.js";

/** Filter operators; which apply to which member type is `OPERATORS_BY_TYPE` in `resolve-analytics-query.ts`. */
export const ANALYTICS_OPERATORS = [
  "equals",
  "notEquals",
  "in",
  "notIn",
  "contains",
  "gt",
  "gte",
  "lt",
  "lte",
  "set",
  "notSet",
] as const;
export type AnalyticsOperator = (typeof ANALYTICS_OPERATORS)[number];

/** Rows a query answers when it names no `limit`. */
export const DEFAULT_ANALYTICS_LIMIT = 1000;

const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const isCalendarDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** A member (measure or dimension) as a query names it; whether the model declares it is checked later (422 naming it). */
const member = z.string().min(1).max(100);
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD")
  .refine(isCalendarDate, "a calendar date");
const filterValue = z.union([z.string().max(500), z.number().finite(), z.boolean()]);

export const analyticsQueryInput = z.strictObject({
  model: z.string().min(1).max(100).describe("A model of `GET /api/analytics/meta`"),
  measures: z.array(member).max(50).default([]).describe("Measures to compute, by name"),
  dimensions: z
    .array(member)
    .max(20)
    .default([])
    .describe("Dimensions to group by (not time dimensions: see `timeDimension`)"),
  timeDimension: z
    .strictObject({
      dimension: member.describe("A time dimension of the model"),
      granularity: z
        .enum(ANALYTICS_GRANULARITIES)
        .optional()
        .describe(
          "Group by buckets of this size, in `timezone`; answered as the bucket's first day (`YYYY-MM-DD`, `YYYY-MM-DDTHH:00` for hours). Weeks start on Monday",
        ),
      dateRange: z
        .strictObject({ from: calendarDate, to: calendarDate })
        .refine((range) => range.from <= range.to, { message: "from is after to", path: ["to"] })
        .optional()
        .describe("Calendar days in `timezone`, both included"),
    })
    .optional(),
  filters: z
    .array(
      z.strictObject({
        member: member.describe("A dimension (filters rows) or a measure (filters groups)"),
        operator: z.enum(ANALYTICS_OPERATORS),
        values: z.array(filterValue).max(1000).optional().describe("Bound as parameters; none for `set` and `notSet`"),
      }),
    )
    .max(50)
    .default([]),
  order: z
    .array(
      z.strictObject({
        member: member.describe("A measure or dimension of the query"),
        direction: z.enum(["asc", "desc"]).default("asc"),
      }),
    )
    .max(20)
    .default([]),
  limit: z
    .int()
    .min(1)
    .optional()
    .describe(`Rows to answer; default ${DEFAULT_ANALYTICS_LIMIT}, at most \`analytics.maxRows\` (default 10000)`),
  timezone: z
    .string()
    .max(100)
    .refine(isTimeZone, "an IANA time zone such as Europe/Berlin")
    .optional()
    .describe("Time zone of buckets, date ranges and time filters; default `settings.general.timezone`, then UTC"),
});
export type AnalyticsQueryInput = z.output<typeof analyticsQueryInput>;

/** One answered row: member name to value (numbers as numbers, buckets as dates, null for missing values). */
export const analyticsRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AnalyticsRow = z.output<typeof analyticsRowSchema>;

export const analyticsQueryMetaSchema = z.object({
  model: z.string(),
  measures: z.array(z.string()),
  dimensions: z.array(z.string()),
  timeDimension: z
    .object({ dimension: z.string(), granularity: z.enum(ANALYTICS_GRANULARITIES).nullable() })
    .nullable(),
  timezone: z.string(),
  limit: z.int(),
  /** More rows matched than `limit`. */
  hasMore: z.boolean(),
});
export type AnalyticsQueryMeta = z.output<typeof analyticsQueryMetaSchema>;

export const analyticsModelInfoSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  measures: z.array(
    z.object({ name: z.string(), type: z.enum(ANALYTICS_MEASURE_TYPES), description: z.string().nullable() }),
  ),
  dimensions: z.array(
    z.object({
      name: z.string(),
      type: z.enum(ANALYTICS_DIMENSION_TYPES),
      /** Time dimensions only; null for the others. */
      granularities: z.array(z.enum(ANALYTICS_GRANULARITIES)).nullable(),
      description: z.string().nullable(),
    }),
  ),
});
export type AnalyticsModelInfo = z.output<typeof analyticsModelInfoSchema>;
