import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../catalog/catalog-migrations.js";

/** The PostgreSQL adapter's documents; created whichever adapter is configured, so switching needs no migration. */
const STATEMENTS = [
  `create table search_documents (
    organization_id text not null,
    entity_id uuid not null,
    type text not null,
    slug text not null,
    status text not null,
    title text,
    description text,
    category_ids text[] not null default '{}',
    brand_ids text[] not null default '{}',
    attributes jsonb not null default '{}',
    document tsvector not null,
    title_vector tsvector not null,
    updated_at timestamptz not null,
    primary key (organization_id, entity_id)
  )`,
  `create index search_documents_document_idx on search_documents using gin (document)`,
  `create index search_documents_title_idx on search_documents using gin (title_vector)`,
  `create index search_documents_attributes_idx on search_documents using gin (attributes)`,
  `create index search_documents_org_updated_idx on search_documents (organization_id, updated_at desc)`,
];

/**
 * `search_generations`: per organization, how many committed transactions changed its documents, kept
 * in one of 16 rows chosen by transaction id and summed by readers. The sum moves with every committed
 * change, so a search answer cached under it is exact until it moves (`postgres-search-adapter.ts`).
 *
 * The counter is taken at commit, by a deferred trigger: taken mid-transaction, its row lock could
 * close a cycle with an entity row another catalog transaction holds. At commit the transaction waits
 * for nothing else. The trigger fires per changed row; after the first in a transaction the upsert finds
 * its counter row already written by the transaction (`last_transaction`) and writes nothing.
 */
const GENERATIONS = [
  `create table search_generations (
    organization_id text not null,
    slot smallint not null,
    generation bigint not null,
    last_transaction xid8 not null,
    primary key (organization_id, slot)
  )`,
  `create function search_documents_bump_generation() returns trigger language plpgsql as $$
  declare
    organization text := case when tg_op = 'DELETE' then old.organization_id else new.organization_id end;
    transaction_id xid8 := pg_current_xact_id();
  begin
    insert into search_generations as g (organization_id, slot, generation, last_transaction)
    values (organization, (transaction_id::text::bigint % 16)::smallint, 1, transaction_id)
    on conflict (organization_id, slot) do update set generation = g.generation + 1, last_transaction = excluded.last_transaction
    where g.last_transaction <> excluded.last_transaction;
    return null;
  end $$`,
  `create constraint trigger search_documents_bump_generation after insert or update or delete on search_documents
   deferrable initially deferred for each row execute function search_documents_bump_generation()`,
];

export const searchMigrations: readonly NamedMigration[] = [
  { name: "0001_search_documents", up: (db) => runStatements(db, STATEMENTS) },
  { name: "0002_search_generations", up: (db) => runStatements(db, GENERATIONS) },
];
