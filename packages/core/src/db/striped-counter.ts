/**
 * A counter that many transactions move at once without waiting on each other: each key has up to
 * `STRIPES` rows (its stripes), a writing transaction adds to the stripe its transaction id picks, and a
 * reader sums the key's stripes. On one row, concurrent writers of a key would queue on its row lock
 * until each commits. The catalog's entity counts (`modules/catalog/entity-counts.ts`) and the
 * organization generations (`organization-generations.ts`) are striped counters.
 */

/** Rows one key's counter is spread over. */
export const STRIPES = 16;

/** SQL: the current transaction's stripe, a `smallint` from 0 to `STRIPES - 1`. */
export const TRANSACTION_STRIPE = `(pg_current_xact_id()::text::bigint % ${STRIPES})::smallint`;

/** The column every striped counter table keys its stripes by, after the counter's own key columns. */
const STRIPE_COLUMN = "slot";

export interface StripedCounterTable {
  table: string;
  /** Column definitions of the counter's key (`organization_id text not null`, ...), in key order. */
  key: readonly string[];
  /** Column definitions of what each stripe holds (`count bigint not null`, ...). */
  values: readonly string[];
}

/** `create table` of a striped counter: its key columns, the stripe, the values; keyed by key and stripe. */
export function stripedCounterTableStatement({ table, key, values }: StripedCounterTable): string {
  const keyNames = key.map((column) => column.trim().split(/\s+/)[0]);
  return `
  create table ${table} (
    ${[...key, `${STRIPE_COLUMN} smallint not null`, ...values].join(",\n    ")},
    primary key (${[...keyNames, STRIPE_COLUMN].join(", ")})
  )`;
}
