/**
 * Analytics models: what a manifest lets `POST /api/analytics/query` read. A model names a table and its
 * columns, never SQL text, so a query is compiled from declared identifiers and bound values only.
 */

/** Buckets of a time dimension, computed in the store's time zone. */
export const ANALYTICS_GRANULARITIES = ["hour", "day", "week", "month", "quarter", "year"] as const;
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];

/** How a measure aggregates. `count` counts rows (or a column's non-null values); the others need a column. */
export const ANALYTICS_MEASURE_TYPES = ["count", "countDistinct", "sum", "avg", "min", "max"] as const;
export type AnalyticsMeasureType = (typeof ANALYTICS_MEASURE_TYPES)[number];

export const ANALYTICS_DIMENSION_TYPES = ["string", "number", "boolean", "time"] as const;
export type AnalyticsDimensionType = (typeof ANALYTICS_DIMENSION_TYPES)[number];

/**
 * A column of the model's table, or of one of its joins (`{ join: "order", column: "status" }`).
 * Names are SQL identifiers as the database spells them: snake_case (`created_at`, `organization_id`).
 */
export type AnalyticsColumn = string | { join: string; column: string };

/** An aggregate over the model's rows. */
export interface AnalyticsMeasure {
  type: AnalyticsMeasureType;
  /** The aggregated column: required except for `count`, which then counts rows. `sum`/`avg` need a numeric column (checked at boot). */
  column?: AnalyticsColumn;
  description?: string;
}

/** A column rows can be grouped and filtered by. */
export interface AnalyticsDimension {
  type: AnalyticsDimensionType;
  column: AnalyticsColumn;
  /**
   * Time dimensions only: the buckets a query may ask for.
   * @default ["day", "week", "month"] plus hour, quarter and year (all of `ANALYTICS_GRANULARITIES`)
   */
  granularities?: readonly AnalyticsGranularity[];
  description?: string;
}

/**
 * A many-to-one join: `table.column = joined.references`, both sides filtered by organization. Order lines
 * join their order to be grouped by the order's status or currency.
 */
export interface AnalyticsJoin {
  table: string;
  /** The column of the model's table holding the joined row's key. */
  column: string;
  /** The joined table's key column. @default "id" */
  references?: string;
  /** @default "organization_id" */
  organizationColumn?: string;
}

/** A model the analytics module can query: one table (plus many-to-one joins), its measures and dimensions. */
export interface AnalyticsModel {
  /** Unique across the kernel; what a query's `model` names. Letters and digits, starting with a letter. */
  name: string;
  description?: string;
  table: string;
  /** The tenant column, always filtered on the request's organization. @default "organization_id" */
  organizationColumn?: string;
  joins?: Readonly<Record<string, AnalyticsJoin>>;
  /** Measure name (letters and digits, starting with a letter) to its declaration. At least one. */
  measures: Readonly<Record<string, AnalyticsMeasure>>;
  /** Dimension name to its declaration; a measure and a dimension never share a name. */
  dimensions: Readonly<Record<string, AnalyticsDimension>>;
}

/**
 * A declared SQL identifier: lower-case snake_case, as tables and columns are named in SQL here (the
 * column plugin leaves such names as they are).
 */
const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
/** A member or model name as queries spell it. */
const MEMBER_NAME = /^[a-zA-Z][A-Za-z0-9]{0,62}$/;

/** The default time-dimension granularities. */
export const DEFAULT_GRANULARITIES: readonly AnalyticsGranularity[] = ANALYTICS_GRANULARITIES;

/**
 * Fails boot, naming the plugin, the model and the field, when a declaration is malformed: a bad name or
 * identifier, an unknown type or granularity, a column missing where it is needed, a join not declared.
 * Whether the table and columns exist is checked against the database once it is migrated
 * (`checkAnalyticsModelColumns` in the analytics module).
 */
export function assertAnalyticsModel(model: AnalyticsModel, plugin: string): void {
  const where = `Plugin "${plugin}" declares the analytics model "${String(model?.name)}"`;
  if (typeof model?.name !== "string" || !MEMBER_NAME.test(model.name))
    throw new Error(`${where}: a model name is letters and digits, starting with a letter`);
  const identifier = (value: unknown, field: string) => {
    if (typeof value !== "string" || !IDENTIFIER.test(value)) {
      throw new Error(
        `${where}: ${field} is ${JSON.stringify(value)}, not an SQL identifier (snake_case: a lower-case letter, then lower-case letters, digits and _; at most 63)`,
      );
    }
  };
  identifier(model.table, "table");
  if (model.organizationColumn !== undefined) identifier(model.organizationColumn, "organizationColumn");
  const joins = model.joins ?? {};
  for (const [name, join] of Object.entries(joins)) {
    if (!MEMBER_NAME.test(name)) throw new Error(`${where}: the join "${name}" needs a name of letters and digits`);
    identifier(join.table, `joins.${name}.table`);
    identifier(join.column, `joins.${name}.column`);
    if (join.references !== undefined) identifier(join.references, `joins.${name}.references`);
    if (join.organizationColumn !== undefined) identifier(join.organizationColumn, `joins.${name}.organizationColumn`);
  }
  const column = (value: AnalyticsColumn | undefined, field: string) => {
    if (typeof value === "object" && value !== null) {
      if (!Object.hasOwn(joins, value.join))
        throw new Error(`${where}: ${field} names the join "${value.join}", which the model does not declare`);
      identifier(value.column, `${field}.column`);
      return;
    }
    identifier(value, field);
  };

  const measures = Object.entries(model.measures ?? {});
  if (measures.length === 0) throw new Error(`${where}: a model declares at least one measure`);
  for (const [name, measure] of measures) {
    const field = `measures.${name}`;
    if (!MEMBER_NAME.test(name))
      throw new Error(`${where}: the measure "${name}" needs a name of letters and digits, starting with a letter`);
    if (!ANALYTICS_MEASURE_TYPES.includes(measure.type))
      throw new Error(
        `${where}: ${field}.type "${String(measure.type)}" is not one of ${ANALYTICS_MEASURE_TYPES.join(", ")}`,
      );
    if (measure.column === undefined) {
      if (measure.type !== "count") throw new Error(`${where}: ${field} (${measure.type}) needs a column`);
    } else column(measure.column, `${field}.column`);
  }
  for (const [name, dimension] of Object.entries(model.dimensions ?? {})) {
    const field = `dimensions.${name}`;
    if (!MEMBER_NAME.test(name))
      throw new Error(`${where}: the dimension "${name}" needs a name of letters and digits, starting with a letter`);
    if (Object.hasOwn(model.measures, name)) throw new Error(`${where}: "${name}" is both a measure and a dimension`);
    if (!ANALYTICS_DIMENSION_TYPES.includes(dimension.type))
      throw new Error(
        `${where}: ${field}.type "${String(dimension.type)}" is not one of ${ANALYTICS_DIMENSION_TYPES.join(", ")}`,
      );
    column(dimension.column, `${field}.column`);
    if (dimension.granularities !== undefined) {
      if (dimension.type !== "time")
        throw new Error(`${where}: ${field} has granularities but is not a time dimension`);
      if (dimension.granularities.length === 0) throw new Error(`${where}: ${field}.granularities is empty`);
      for (const granularity of dimension.granularities) {
        if (!ANALYTICS_GRANULARITIES.includes(granularity))
          throw new Error(
            `${where}: ${field} granularity "${String(granularity)}" is not one of ${ANALYTICS_GRANULARITIES.join(", ")}`,
          );
      }
    }
  }
}
