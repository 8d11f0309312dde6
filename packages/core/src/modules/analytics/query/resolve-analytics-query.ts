import { AppError, type FieldIssue } from "../../../kernel/app-error.js";
import {
  DEFAULT_GRANULARITIES,
  type AnalyticsColumn,
  type AnalyticsDimensionType,
  type AnalyticsGranularity,
  type AnalyticsMeasureType,
  type AnalyticsModel,
} from "../../../kernel/analytics-model.js";
import {
  DEFAULT_ANALYTICS_LIMIT,
  type AnalyticsOperator,
  type AnalyticsQueryInput,
} from "./analytics-query-schemas.js";

/** A declared column with the alias of its table in the query (`t`, or `j0`... for joins). */
export interface ColumnRef {
  alias: string;
  column: string;
}

export interface PlannedJoin extends ColumnRef {
  table: string;
  references: string;
  organizationColumn: string;
}

export type FilterValue = string | number | boolean;

/** A filter on a dimension (WHERE) or a measure (HAVING, `measure` is its index in `measures`). */
export interface PlannedFilter {
  operator: AnalyticsOperator;
  values: readonly FilterValue[];
  type: AnalyticsDimensionType | "measure";
  column?: ColumnRef;
  measure?: number;
}

/**
 * A query checked against its model: only declared names, identifiers from the declaration, values typed
 * by the member they compare with. The compiler turns it into SQL without looking at the body again.
 */
export interface AnalyticsQueryPlan {
  model: string;
  table: string;
  organizationColumn: string;
  joins: readonly PlannedJoin[];
  measures: readonly { name: string; type: AnalyticsMeasureType; column: ColumnRef | null }[];
  dimensions: readonly { name: string; type: AnalyticsDimensionType; column: ColumnRef }[];
  time: {
    name: string;
    column: ColumnRef;
    granularity: AnalyticsGranularity | null;
    dateRange: { from: string; to: string } | null;
  } | null;
  filters: readonly PlannedFilter[];
  /** Output columns (dimensions, the time bucket, then measures, numbered from 1) and their direction. */
  order: readonly { position: number; direction: "asc" | "desc" }[];
  limit: number;
  timezone: string;
}

/** Which operators apply to which member type. */
const OPERATORS_BY_TYPE: Record<AnalyticsDimensionType | "measure", readonly AnalyticsOperator[]> = {
  string: ["equals", "notEquals", "in", "notIn", "contains", "set", "notSet"],
  number: ["equals", "notEquals", "in", "notIn", "gt", "gte", "lt", "lte", "set", "notSet"],
  boolean: ["equals", "notEquals", "set", "notSet"],
  time: ["gt", "gte", "lt", "lte", "set", "notSet"],
  measure: ["equals", "notEquals", "gt", "gte", "lt", "lte"],
};

/** Store-local wall time: a day, or a day and a time. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/;

const VALUE_CHECKS: Record<
  AnalyticsDimensionType | "measure",
  { isValid: (value: FilterValue) => boolean; expected: string }
> = {
  string: { isValid: (value) => typeof value === "string", expected: "strings" },
  number: { isValid: (value) => typeof value === "number", expected: "numbers" },
  boolean: { isValid: (value) => typeof value === "boolean", expected: "booleans" },
  time: {
    isValid: (value) =>
      typeof value === "string" &&
      LOCAL_TIME.test(value) &&
      !Number.isNaN(Date.parse(`${value.slice(0, 10)}T00:00:00Z`)),
    expected: "store-local times as YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]",
  },
  measure: { isValid: (value) => typeof value === "number", expected: "numbers" },
};

/** How many values each operator takes. */
const valueCount = (operator: AnalyticsOperator): "none" | "one" | "many" =>
  operator === "set" || operator === "notSet" ? "none" : operator === "in" || operator === "notIn" ? "many" : "one";

const names = (record: object): string => Object.keys(record).join(", ") || "none";

/**
 * Checks a query against its model and the limits, answering the plan; every unknown or misused name is
 * a 422 VALIDATION_FAILED naming it (all of them in `issues`).
 */
export function resolveAnalyticsQuery(
  models: ReadonlyMap<string, AnalyticsModel>,
  input: AnalyticsQueryInput,
  limits: { maxRows: number; timezone: string },
): AnalyticsQueryPlan {
  const model = models.get(input.model);
  if (!model) {
    throw invalid([
      {
        path: "body.model",
        message: `Unknown analytics model "${input.model}"; known: ${[...models.keys()].join(", ") || "none"}`,
      },
    ]);
  }
  const issues: FieldIssue[] = [];
  const organizationColumn = model.organizationColumn ?? "organization_id";
  const joinNames = Object.keys(model.joins ?? {});
  const usedJoins = new Set<string>();
  const ref = (column: AnalyticsColumn): ColumnRef => {
    if (typeof column === "string") return { alias: "t", column };
    usedJoins.add(column.join);
    return { alias: `j${joinNames.indexOf(column.join)}`, column: column.column };
  };
  const dimensionOf = (name: string) => (Object.hasOwn(model.dimensions, name) ? model.dimensions[name] : undefined);
  const measureOf = (name: string) => (Object.hasOwn(model.measures, name) ? model.measures[name] : undefined);
  const unknown = (path: string, name: string) =>
    issues.push({
      path,
      message: `Unknown member "${name}" of model "${model.name}"; measures: ${names(model.measures)}; dimensions: ${names(model.dimensions)}`,
    });
  const checkUnique = (list: readonly string[], path: string) =>
    list.forEach((name, index) => {
      if (list.indexOf(name) !== index) issues.push({ path: `${path}.${index}`, message: `"${name}" is listed twice` });
    });

  const measures: AnalyticsQueryPlan["measures"][number][] = [];
  input.measures.forEach((name, index) => {
    const measure = measureOf(name);
    if (!measure)
      return issues.push({
        path: `body.measures.${index}`,
        message: `Unknown measure "${name}" of model "${model.name}"; known: ${names(model.measures)}`,
      });
    measures.push({ name, type: measure.type, column: measure.column === undefined ? null : ref(measure.column) });
  });
  checkUnique(input.measures, "body.measures");

  const dimensions: AnalyticsQueryPlan["dimensions"][number][] = [];
  input.dimensions.forEach((name, index) => {
    const dimension = dimensionOf(name);
    if (!dimension)
      return issues.push({
        path: `body.dimensions.${index}`,
        message: `Unknown dimension "${name}" of model "${model.name}"; known: ${names(model.dimensions)}`,
      });
    if (dimension.type === "time")
      return issues.push({
        path: `body.dimensions.${index}`,
        message: `"${name}" is a time dimension: group by it with timeDimension and a granularity`,
      });
    dimensions.push({ name, type: dimension.type, column: ref(dimension.column) });
  });
  checkUnique(input.dimensions, "body.dimensions");

  let time: AnalyticsQueryPlan["time"] = null;
  if (input.timeDimension) {
    const { dimension: name, granularity, dateRange } = input.timeDimension;
    const dimension = dimensionOf(name);
    if (!dimension || dimension.type !== "time") {
      issues.push({
        path: "body.timeDimension.dimension",
        message: `"${name}" is not a time dimension of model "${model.name}"; time dimensions: ${
          Object.entries(model.dimensions)
            .filter(([, d]) => d.type === "time")
            .map(([n]) => n)
            .join(", ") || "none"
        }`,
      });
    } else {
      const allowed = dimension.granularities ?? DEFAULT_GRANULARITIES;
      if (granularity && !allowed.includes(granularity)) {
        issues.push({
          path: "body.timeDimension.granularity",
          message: `"${name}" is not grouped by ${granularity}; granularities: ${allowed.join(", ")}`,
        });
      }
      time = { name, column: ref(dimension.column), granularity: granularity ?? null, dateRange: dateRange ?? null };
    }
  }
  if (measures.length === 0 && dimensions.length === 0 && !time?.granularity) {
    issues.push({ path: "body.measures", message: "Ask for at least one measure, dimension or time granularity" });
  }

  const filters: PlannedFilter[] = [];
  input.filters.forEach((filter, index) => {
    const path = `body.filters.${index}`;
    const dimension = dimensionOf(filter.member);
    const measureIndex = measures.findIndex((measure) => measure.name === filter.member);
    if (!dimension && !measureOf(filter.member)) return unknown(`${path}.member`, filter.member);
    if (!dimension && measureIndex < 0)
      return issues.push({
        path: `${path}.member`,
        message: `The measure "${filter.member}" filters groups: list it in measures too`,
      });
    const type = dimension ? dimension.type : "measure";
    if (!OPERATORS_BY_TYPE[type].includes(filter.operator)) {
      return issues.push({
        path: `${path}.operator`,
        message: `"${filter.operator}" does not apply to "${filter.member}" (${type}); operators: ${OPERATORS_BY_TYPE[type].join(", ")}`,
      });
    }
    const values = filter.values ?? [];
    const count = valueCount(filter.operator);
    if (
      (count === "none" && values.length > 0) ||
      (count === "one" && values.length !== 1) ||
      (count === "many" && values.length === 0)
    ) {
      return issues.push({
        path: `${path}.values`,
        message: `"${filter.operator}" takes ${count === "none" ? "no values" : count === "one" ? "exactly one value" : "one value or more"}`,
      });
    }
    const check = VALUE_CHECKS[type];
    const bad = values.findIndex((value) => !check.isValid(value));
    if (bad >= 0)
      return issues.push({
        path: `${path}.values.${bad}`,
        message: `"${filter.member}" compares with ${check.expected}`,
      });
    filters.push(
      dimension
        ? { operator: filter.operator, values, type, column: ref(dimension.column) }
        : { operator: filter.operator, values, type, measure: measureIndex },
    );
  });

  // Output columns: dimensions, then the time bucket, then measures, numbered from 1 as in `group by 1, 2`.
  const positionOf = (name: string): number | undefined => {
    const dimension = dimensions.findIndex((entry) => entry.name === name);
    if (dimension >= 0) return dimension + 1;
    if (time?.granularity && time.name === name) return dimensions.length + 1;
    const measure = measures.findIndex((entry) => entry.name === name);
    return measure >= 0 ? dimensions.length + (time?.granularity ? 1 : 0) + measure + 1 : undefined;
  };
  const order: { position: number; direction: "asc" | "desc" }[] = [];
  input.order.forEach((entry, index) => {
    const position = positionOf(entry.member);
    if (position === undefined)
      return issues.push({
        path: `body.order.${index}.member`,
        message: `"${entry.member}" is not a measure, dimension or time bucket of this query`,
      });
    order.push({ position, direction: entry.direction });
  });

  const limit = input.limit ?? Math.min(DEFAULT_ANALYTICS_LIMIT, limits.maxRows);
  if (limit > limits.maxRows)
    issues.push({ path: "body.limit", message: `limit is at most ${limits.maxRows} (analytics.maxRows)` });
  if (issues.length > 0) throw invalid(issues);

  if (order.length === 0) {
    // Time first, else the first measure largest first; then every group column, so pages are stable.
    if (time?.granularity) order.push({ position: dimensions.length + 1, direction: "asc" });
    else if (measures.length > 0) order.push({ position: dimensions.length + 1, direction: "desc" });
  }
  const groupColumns = dimensions.length + (time?.granularity ? 1 : 0);
  for (let position = 1; position <= groupColumns; position += 1) {
    if (!order.some((entry) => entry.position === position)) order.push({ position, direction: "asc" });
  }

  const joins = joinNames.flatMap((name, index) => {
    const join = model.joins?.[name];
    if (!join || !usedJoins.has(name)) return [];
    return [
      {
        alias: `j${index}`,
        table: join.table,
        column: join.column,
        references: join.references ?? "id",
        organizationColumn: join.organizationColumn ?? "organization_id",
      },
    ];
  });
  return {
    model: model.name,
    table: model.table,
    organizationColumn,
    joins,
    measures,
    dimensions,
    time,
    filters,
    order,
    limit,
    timezone: input.timezone ?? limits.timezone,
  };
}

function invalid(issues: FieldIssue[]): AppError {
  return new AppError("VALIDATION_FAILED", { message: issues.map((issue) => issue.message).join("; "), issues });
}
