import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { TRANSACTION_STRIPE, stripedCounterTableStatement } from "../../db/striped-counter.js";
import { tenantScope } from "../../db/tenant-scope.js";

/**
 * Exact entity counts per organization, type and status (`catalog_entity_counts`) and per category or
 * brand, type and status (`catalog_taxonomy_counts`), kept by triggers in the statement that changes an
 * entity or a link, whichever code (the service, a bulk import, a seed's SQL) makes the change. A list's
 * total is then a sum over a few rows instead of a count over the catalog.
 *
 * Both are striped counters (`db/striped-counter.ts`): each writing transaction adds its deltas to one of
 * `STRIPES` rows per key, chosen by its transaction id, so concurrent creates of the same type and status
 * rarely wait on each other's counter row; readers sum the stripes.
 */
// Type alias, not an interface: `withTables` needs a type with an implicit index signature.
export type EntityCountTables = {
  catalogEntityCounts: { organizationId: string; type: string; status: string; slot: number; count: string };
  catalogTaxonomyCounts: {
    organizationId: string;
    kind: "category" | "brand";
    taxonId: string;
    type: string;
    status: string;
    slot: number;
    count: string;
  };
};

// Upserts of summed deltas, sorted by key so that two statements touching the same counter rows take
// their locks in the same order (no deadlock between them); zero sums (a revision bump) write nothing.
const upsertEntityCounts = (deltas: string) => `
  insert into catalog_entity_counts as counts (organization_id, type, status, slot, count)
  select organization_id, type, status, ${TRANSACTION_STRIPE}, sum(delta) from (${deltas}) d
  group by organization_id, type, status having sum(delta) <> 0 order by organization_id, type, status
  on conflict (organization_id, type, status, slot) do update set count = counts.count + excluded.count`;

const upsertTaxonomyCounts = (deltas: string) => `
  insert into catalog_taxonomy_counts as counts (organization_id, kind, taxon_id, type, status, slot, count)
  select organization_id, kind, taxon_id, type, status, ${TRANSACTION_STRIPE}, sum(delta) from (${deltas}) d
  group by organization_id, kind, taxon_id, type, status having sum(delta) <> 0
  order by organization_id, kind, taxon_id, type, status
  on conflict (organization_id, kind, taxon_id, type, status, slot) do update set count = counts.count + excluded.count`;

/** Links of the entities in `rows` (a transition table) with their type and status, each with `delta`. */
const linksOf = (rows: string, delta: number) => `
  select e.organization_id, 'category' as kind, l.category_id as taxon_id, e.type, e.status, ${delta} as delta
    from ${rows} e join catalog_entity_categories l on l.entity_id = e.id
  union all
  select e.organization_id, 'brand', l.brand_id, e.type, e.status, ${delta}
    from ${rows} e join catalog_entity_brands l on l.entity_id = e.id`;

const LINK_TABLES = [
  { kind: "category", table: "catalog_entity_categories", column: "category_id" },
  { kind: "brand", table: "catalog_entity_brands", column: "brand_id" },
] as const;

/** How a trigger function runs one of its statements: as written (planned once per connection, then reused). */
const asWritten = (statement: string) => statement;

/**
 * Runs a statement through `execute`, so it is planned each time the trigger fires, with the real
 * number of rows in the transition table and the table's current size. A statement-level trigger fires
 * once per statement, so this costs one plan per write statement, not per row.
 */
export const plannedOnEachRun = (statement: string) => `execute $statement$${statement}$statement$`;

/**
 * The count trigger functions; `run` says how each statement runs. Entity counters are always written
 * before taxonomy counters in a statement, for the lock order.
 */
function countTriggerFunctions(run: (statement: string) => string): string[] {
  const moved = (side: "n" | "o") =>
    `(select ${side}.* from new_rows n join old_rows o on o.id = n.id where (n.type, n.status) is distinct from (o.type, o.status))`;
  return [
    // Inserts and type/status moves of entities. Links of a new entity are counted by the link triggers.
    `create or replace function catalog_entities_count_changes() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${run(upsertEntityCounts("select organization_id, type, status, 1 as delta from new_rows"))};
      elsif tg_op = 'UPDATE' then
        ${run(upsertEntityCounts("select organization_id, type, status, 1 as delta from new_rows union all select organization_id, type, status, -1 from old_rows"))};
        ${run(upsertTaxonomyCounts(`${linksOf(moved("n"), 1)} union all ${linksOf(moved("o"), -1)}`))};
      end if;
      return null;
    end $$`,
    // A deleted entity's links go by cascade after the entity row is gone, when their own trigger can no
    // longer read its type and status: so the entity's row trigger, before the delete, takes them off.
    // A row trigger's statements read only `old`: planned once, they stay right.
    `create or replace function catalog_entities_count_delete() returns trigger language plpgsql as $$
    begin
      ${upsertEntityCounts("select old.organization_id, old.type, old.status, -1 as delta")};
      ${upsertTaxonomyCounts(linksOf("(select old.id as id, old.organization_id as organization_id, old.type as type, old.status as status)", -1))};
      return old;
    end $$`,
    // Links attached or detached; a link whose entity is gone was counted off by the entity's delete.
    ...LINK_TABLES.map(({ kind, table, column }) => {
      const deltas = (rows: string, delta: number) =>
        `select e.organization_id, '${kind}' as kind, l.${column} as taxon_id, e.type, e.status, ${delta} as delta from ${rows} l join catalog_entities e on e.id = l.entity_id`;
      return `create or replace function ${table}_count_changes() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${run(upsertTaxonomyCounts(deltas("new_links", 1)))};
        else
          ${run(upsertTaxonomyCounts(deltas("old_links", -1)))};
        end if;
        return null;
      end $$`;
    }),
  ];
}

/**
 * Migration statements: the counter tables, filled from the rows already there, and their triggers.
 */
export const ENTITY_COUNT_STATEMENTS = [
  stripedCounterTableStatement({
    table: "catalog_entity_counts",
    key: ["organization_id text not null", "type text not null", "status text not null"],
    values: ["count bigint not null"],
  }),
  stripedCounterTableStatement({
    table: "catalog_taxonomy_counts",
    key: [
      "organization_id text not null",
      "kind text not null check (kind in ('category', 'brand'))",
      "taxon_id uuid not null",
      "type text not null",
      "status text not null",
    ],
    values: ["count bigint not null"],
  }),
  `insert into catalog_entity_counts (organization_id, type, status, slot, count)
   select organization_id, type, status, 0, count(*) from catalog_entities group by organization_id, type, status`,
  `insert into catalog_taxonomy_counts (organization_id, kind, taxon_id, type, status, slot, count)
   select organization_id, kind, taxon_id, type, status, 0, sum(delta) from (${linksOf("catalog_entities", 1)}) d
   group by organization_id, kind, taxon_id, type, status`,
  ...countTriggerFunctions(asWritten),
  `create trigger catalog_entities_insert_counts after insert on catalog_entities
   referencing new table as new_rows for each statement execute function catalog_entities_count_changes()`,
  `create trigger catalog_entities_update_counts after update on catalog_entities
   referencing new table as new_rows old table as old_rows for each statement execute function catalog_entities_count_changes()`,
  `create trigger catalog_entities_delete_counts before delete on catalog_entities for each row execute function catalog_entities_count_delete()`,
  ...LINK_TABLES.flatMap(({ table }) => [
    `create trigger ${table}_insert_counts after insert on ${table}
     referencing new table as new_links for each statement execute function ${table}_count_changes()`,
    `create trigger ${table}_delete_counts after delete on ${table}
     referencing old table as old_links for each statement execute function ${table}_count_changes()`,
  ]),
];

/**
 * Migration statements that redefine the count trigger functions to plan each statement when it runs
 * (see `plannedOnEachRun`): the trigger functions of `ENTITY_COUNT_STATEMENTS` kept the plan of their
 * first run in a connection, and a plan made for a one-row transition table (a nested loop joining
 * new and old rows) slowed every 500-row statement of a bulk import (see bench/results/catalog-import.md).
 */
export const PLANNED_COUNT_FUNCTIONS = countTriggerFunctions(plannedOnEachRun);

/** Filters of an entity list or search that maintained counts can answer. */
export interface EntityCountFilters {
  type?: string | undefined;
  status?: string | undefined;
  category?: string | undefined;
  brand?: string | undefined;
}

/**
 * The exact number of entities matching `filters` from the maintained counts, or `null` when the
 * combination has none (a category and a brand together).
 */
export async function countEntities(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  filters: EntityCountFilters,
): Promise<number | null> {
  if (filters.category && filters.brand) return null;
  const scope = tenantScope(db.withTables<EntityCountTables>(), organizationId);
  const taxon = filters.category
    ? { kind: "category" as const, id: filters.category }
    : filters.brand
      ? { kind: "brand" as const, id: filters.brand }
      : null;
  if (taxon) {
    let select = scope
      .selectFrom("catalogTaxonomyCounts")
      .where("kind", "=", taxon.kind)
      .where("taxonId", "=", taxon.id);
    if (filters.type) select = select.where("type", "=", filters.type);
    if (filters.status) select = select.where("status", "=", filters.status);
    const row = await select.select((eb) => eb.fn.sum<string | null>("count").as("total")).executeTakeFirst();
    return Number(row?.total ?? 0);
  }
  let select = scope.selectFrom("catalogEntityCounts");
  if (filters.type) select = select.where("type", "=", filters.type);
  if (filters.status) select = select.where("status", "=", filters.status);
  const row = await select.select((eb) => eb.fn.sum<string | null>("count").as("total")).executeTakeFirst();
  return Number(row?.total ?? 0);
}
