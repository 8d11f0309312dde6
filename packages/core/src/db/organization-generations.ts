import { sql, type RawBuilder } from "kysely";
import { TRANSACTION_STRIPE, stripedCounterTableStatement } from "./striped-counter.js";

/**
 * Per-organization generations: a counter table whose sum for an organization moves with every
 * committed transaction that changed a watched table's rows of that organization, and never otherwise.
 * A value computed from those rows by one statement that also reads the generation
 * (`organizationGeneration`) is exact for as long as the generation stays there, in any process: the
 * search answers' cache and the catalog list's page anchors are kept that way.
 *
 * It is a striped counter (`striped-counter.ts`): a transaction moves the stripe its id picks, so
 * concurrent writers rarely meet on a row. It moves at commit, by a deferred trigger: moved
 * mid-transaction, its row lock could close a cycle with a row another writer holds. The trigger fires
 * per changed row; after the first in a transaction a transaction-local setting tells it the
 * organization's counter has moved, and it returns at once.
 */

/** The counter table `table`: its rows, one per organization and slot. */
export const generationTableStatement = (table: string): string =>
  stripedCounterTableStatement({
    table,
    key: ["organization_id text not null"],
    values: ["generation bigint not null", "last_transaction xid8 not null"],
  });

/**
 * `create or replace` of the trigger function `name` that moves `table`'s counter. The setting keeps the
 * organization last counted in this transaction; `last_transaction` still guards a transaction that
 * alternates organizations from counting one twice.
 */
export const generationBumpFunctionStatement = (name: string, table: string): string => `
  create or replace function ${name}() returns trigger language plpgsql as $$
  declare
    organization text := case when tg_op = 'DELETE' then old.organization_id else new.organization_id end;
    transaction_id xid8;
  begin
    if current_setting('unified_commerce.${table}', true) = organization then
      return null;
    end if;
    perform set_config('unified_commerce.${table}', organization, true);
    transaction_id := pg_current_xact_id();
    insert into ${table} as g (organization_id, slot, generation, last_transaction)
    values (organization, ${TRANSACTION_STRIPE}, 1, transaction_id)
    on conflict (organization_id, slot) do update set generation = g.generation + 1, last_transaction = excluded.last_transaction
    where g.last_transaction <> excluded.last_transaction;
    return null;
  end $$`;

/** The deferred trigger `name` running `bumpFunction` on every row `watched` inserts, updates or deletes. */
export const generationTriggerStatement = (name: string, watched: string, bumpFunction: string): string => `
  create constraint trigger ${name} after insert or update or delete on ${watched}
  deferrable initially deferred for each row execute function ${bumpFunction}()`;

/** The organization's generation in `table`, as a scalar subquery of the statement that reads the rows. */
export const organizationGeneration = (table: string, organizationId: string): RawBuilder<string> =>
  sql<string>`(select coalesce(sum(generation), 0) from ${sql.table(table)} where organization_id = ${organizationId})`;
