import { sql, type Kysely } from "kysely";
import type { CoreTables } from "../../../db/core-tables.js";
import type { AnalyticsColumn, AnalyticsModel } from "../../../kernel/analytics-model.js";

type Owned = AnalyticsModel & { module: string };

const NUMERIC = new Set(["smallint", "integer", "bigint", "numeric", "real", "double precision"]);
/** Buckets are computed with `at time zone`, which means something else on a timestamp without zone. */
const TIME = new Set(["timestamp with time zone"]);

/**
 * Fails boot when a model names a table or column the migrated database lacks, sums or averages a column
 * that is not numeric, or declares a time dimension on a column that is not `timestamptz` (or a boolean
 * dimension on a non-boolean column). Runs once, after every migration, on the tables and views of the
 * current schema.
 */
export async function checkAnalyticsColumns(db: Kysely<CoreTables>, models: Iterable<Owned>): Promise<void> {
  const list = [...models];
  if (list.length === 0) return;
  const tables = [
    ...new Set(list.flatMap((model) => [model.table, ...Object.values(model.joins ?? {}).map((join) => join.table)])),
  ];
  const { rows } = await sql<{ tableName: string; columnName: string; dataType: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema() and table_name in (${sql.join(tables)})`.execute(db);
  const types = new Map(rows.map((row) => [`${row.tableName}.${row.columnName}`, row.dataType]));
  const known = new Set(rows.map((row) => row.tableName));

  for (const model of list) {
    const where = `Plugin "${model.module}" declares the analytics model "${model.name}"`;
    const tableOf = (column: AnalyticsColumn) =>
      typeof column === "string" ? model.table : (model.joins?.[column.join]?.table ?? "");
    const typeOf = (column: AnalyticsColumn, field: string): string => {
      const table = tableOf(column);
      const name = typeof column === "string" ? column : column.column;
      if (!known.has(table))
        throw new Error(`${where}: ${field} is on the table "${table}", which does not exist in the migrated database`);
      const type = types.get(`${table}.${name}`);
      if (!type) throw new Error(`${where}: ${field} names the column "${table}.${name}", which does not exist`);
      return type;
    };
    typeOf(model.organizationColumn ?? "organization_id", "organizationColumn");
    for (const [name, join] of Object.entries(model.joins ?? {})) {
      typeOf(join.column, `joins.${name}.column`);
      typeOf({ join: name, column: join.references ?? "id" }, `joins.${name}.references`);
      typeOf({ join: name, column: join.organizationColumn ?? "organization_id" }, `joins.${name}.organizationColumn`);
    }
    for (const [name, measure] of Object.entries(model.measures)) {
      if (measure.column === undefined) continue;
      const type = typeOf(measure.column, `measures.${name}.column`);
      if (["sum", "avg", "min", "max"].includes(measure.type) && !NUMERIC.has(type)) {
        throw new Error(
          `${where}: measures.${name} (${measure.type}) is over a ${type} column; ${measure.type} needs a numeric one`,
        );
      }
    }
    for (const [name, dimension] of Object.entries(model.dimensions)) {
      const type = typeOf(dimension.column, `dimensions.${name}.column`);
      if (dimension.type === "time" && !TIME.has(type))
        throw new Error(`${where}: dimensions.${name} is a time dimension over a ${type} column; it needs timestamptz`);
      if (dimension.type === "number" && !NUMERIC.has(type))
        throw new Error(`${where}: dimensions.${name} is a number dimension over a ${type} column`);
      if (dimension.type === "boolean" && type !== "boolean")
        throw new Error(`${where}: dimensions.${name} is a boolean dimension over a ${type} column`);
    }
  }
}
