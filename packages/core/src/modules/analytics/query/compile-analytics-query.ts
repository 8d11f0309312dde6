import { sql, type RawBuilder } from "kysely";
import type { AnalyticsGranularity } from "../../../kernel/analytics-model.js";
import type { AnalyticsQueryPlan, ColumnRef, FilterValue, PlannedFilter } from "./resolve-analytics-query.js";

/** How a bucket's start is written: a day for day and coarser buckets, a day and hour for hours. */
const BUCKET_FORMAT: Record<AnalyticsGranularity, string> = {
  hour: 'YYYY-MM-DD"T"HH24:00',
  day: "YYYY-MM-DD",
  week: "YYYY-MM-DD",
  month: "YYYY-MM-DD",
  quarter: "YYYY-MM-DD",
  year: "YYYY-MM-DD",
};

/** The raw rows' keys: `d0`, `d1`... for dimensions, `bucket`, `m0`... for measures (names never reach SQL). */
export const dimensionKey = (index: number) => `d${index}`;
export const measureKey = (index: number) => `m${index}`;
export const BUCKET_KEY = "bucket";

/**
 * Writes a plan as one SELECT. Identifiers come only from the model's declaration (through `sql.ref` and
 * `sql.table`, so they are quoted); everything from the body is a bound parameter. Measures and
 * dimensions are answered as text and converted by the caller, so bigint sums and uuids cross the driver
 * the same way on PostgreSQL and PGlite.
 */
export function compileAnalyticsQuery(
  plan: AnalyticsQueryPlan,
  organizationId: string,
): RawBuilder<Record<string, string | null>> {
  const column = ({ alias, column: name }: ColumnRef) => sql.ref(`${alias}.${name}`);
  const local = (ref: ColumnRef) => sql`(${column(ref)} at time zone ${plan.timezone})`;
  const aggregates = plan.measures.map(({ type, column: ref }) => {
    if (type === "count") return ref ? sql`count(${column(ref)})` : sql`count(*)`;
    if (!ref) throw new Error(`A ${type} measure without a column passed the model check`);
    const target = column(ref);
    switch (type) {
      case "countDistinct":
        return sql`count(distinct ${target})`;
      case "sum":
        return sql`sum(${target})`;
      case "avg":
        return sql`avg(${target})`;
      case "min":
        return sql`min(${target})`;
      case "max":
        return sql`max(${target})`;
    }
  });

  const granularity = plan.time?.granularity ?? null;
  const selections = [
    ...plan.dimensions.map(
      ({ column: ref }, index) => sql`cast(${column(ref)} as text) as ${sql.id(dimensionKey(index))}`,
    ),
    ...(plan.time && granularity
      ? [sql`date_trunc(${granularity}, ${local(plan.time.column)}) as ${sql.id(BUCKET_KEY)}`]
      : []),
    ...aggregates.map((aggregate, index) => sql`cast(${aggregate} as text) as ${sql.id(measureKey(index))}`),
  ];

  const joins = plan.joins.map(
    (join) => sql` left join ${sql.table(join.table)} as ${sql.id(join.alias)}
      on ${sql.ref(`${join.alias}.${join.references}`)} = ${sql.ref(`t.${join.column}`)}
      and ${sql.ref(`${join.alias}.${join.organizationColumn}`)} = ${organizationId}`,
  );

  const where = [sql`${sql.ref(`t.${plan.organizationColumn}`)} = ${organizationId}`];
  if (plan.time?.dateRange) {
    // On the stored column, so an index on it serves the range: local midnights turned into instants.
    const { from, to } = plan.time.dateRange;
    where.push(sql`${column(plan.time.column)} >= (cast(${from} as timestamp) at time zone ${plan.timezone})`);
    where.push(sql`${column(plan.time.column)} < ((cast(${to} as date) + 1)::timestamp at time zone ${plan.timezone})`);
  }
  const having: RawBuilder<unknown>[] = [];
  for (const filter of plan.filters) {
    if (filter.measure !== undefined)
      having.push(condition(filter, aggregates[filter.measure] as RawBuilder<unknown>, plan.timezone));
    else if (filter.column) where.push(condition(filter, column(filter.column), plan.timezone));
  }

  const groupColumns = plan.dimensions.length + (plan.time?.granularity ? 1 : 0);
  const groupBy =
    groupColumns > 0
      ? sql` group by ${sql.join(Array.from({ length: groupColumns }, (_, index) => sql.lit(index + 1)))}`
      : sql``;
  const havingClause = having.length > 0 ? sql` having ${sql.join(having, sql` and `)}` : sql``;
  const orderBy =
    plan.order.length > 0
      ? sql` order by ${sql.join(plan.order.map(({ position, direction }) => (direction === "desc" ? sql`${sql.lit(position)} desc` : sql`${sql.lit(position)} asc`)))}`
      : sql``;

  const grouped = sql`select ${sql.join(selections)}
    from ${sql.table(plan.table)} as ${sql.id("t")}${sql.join(joins, sql``)}
    where ${sql.join(where, sql` and `)}${groupBy}${havingClause}`;
  // One row more than the limit tells whether more matched.
  if (!granularity) return sql<Record<string, string | null>>`${grouped}${orderBy} limit ${plan.limit + 1}`;
  // Buckets are grouped by their timestamp and written out once per group: formatting every row's bucket
  // before grouping (to_char per order) took most of a year's query on the benchmark (see
  // bench/results/analytics.md), and the planner sorted the formatted rows on disk to group them. The outer columns
  // keep the inner ones' order, so ORDER BY positions, and the bucket's text order, are unchanged.
  const outer = [
    ...plan.dimensions.map((_, index) => sql.ref(`g.${dimensionKey(index)}`)),
    sql`to_char(${sql.ref(`g.${BUCKET_KEY}`)}, ${BUCKET_FORMAT[granularity]}) as ${sql.id(BUCKET_KEY)}`,
    ...aggregates.map((_, index) => sql.ref(`g.${measureKey(index)}`)),
  ];
  return sql<
    Record<string, string | null>
  >`select ${sql.join(outer)} from (${grouped}) as ${sql.id("g")}${orderBy} limit ${plan.limit + 1}`;
}

/** One filter as a condition; values are parameters, cast to the member's type in SQL. */
function condition(
  filter: PlannedFilter,
  target: RawBuilder<unknown> | ReturnType<typeof sql.ref>,
  timezone: string,
): RawBuilder<unknown> {
  const { operator, values, type } = filter;
  if (operator === "set") return sql`${target} is not null`;
  if (operator === "notSet") return sql`${target} is null`;
  // Strings compare as text (uuid and enum columns included, so a malformed value matches nothing rather
  // than failing the cast); times as store-local wall time.
  const subject =
    type === "string"
      ? sql`cast(${target} as text)`
      : type === "time"
        ? sql`(${target} at time zone ${timezone})`
        : target;
  const value = (raw: FilterValue) =>
    type === "string"
      ? sql`cast(${String(raw)} as text)`
      : type === "boolean"
        ? sql`cast(${raw} as boolean)`
        : type === "time"
          ? sql`cast(${String(raw)} as timestamp)`
          : sql`cast(${String(raw)} as numeric)`;
  const first = values[0] as FilterValue;
  switch (operator) {
    case "equals":
      return sql`${subject} = ${value(first)}`;
    case "notEquals":
      return sql`${subject} is distinct from ${value(first)}`;
    case "in":
      return sql`${subject} in (${sql.join(values.map(value))})`;
    case "notIn":
      return sql`(${subject} is null or ${subject} not in (${sql.join(values.map(value))}))`;
    case "contains":
      return sql`${subject} ilike ${`%${escapeLike(String(first))}%`} escape '\\'`;
    case "gt":
      return sql`${subject} > ${value(first)}`;
    case "gte":
      return sql`${subject} >= ${value(first)}`;
    case "lt":
      return sql`${subject} < ${value(first)}`;
    case "lte":
      return sql`${subject} <= ${value(first)}`;
  }
}

/** `%`, `_` and `\` match themselves inside a `contains` value. */
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (match) => `\\${match}`);
