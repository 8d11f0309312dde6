/**
 * Seeds the catalog-scale benchmark's schema quickly: the kernel migrates an empty schema, then
 * entities are written by batched `insert ... select from generate_series` statements, not through the
 * services (100,000 service calls would take longer than the benchmark). The rows are what the services
 * would write for the same input: entities, their en attributes, two variants each, one category and one
 * brand link each, and search documents built with the PostgreSQL adapter's expression (keep the two in
 * step: `postgres-search-adapter.ts`). The count triggers run on the entity and link statements as on any
 * other, so the maintained counts stay exact; attributes and variants are written without their revision
 * triggers (see `growCatalog`).
 *
 * Entity `i` (from 0): type `service` when `i % 10 == 9`, else `product`; status `draft` when
 * `i % 10 == 1`, `archived` when `i % 10 == 2`, else `active`. Every title has the word `gear`
 * (`BROAD_WORD`); titles of `i % 100 == 0` also have `limited` (`SELECTIVE_WORD`, 1% of entities, all active).
 */
import pg from "pg";
import { createKernel } from "@unified-commerce/core";

export const SCALE_SCHEMA = "bench_catalog_scale";
export const BROAD_WORD = "gear";
export const SELECTIVE_WORD = "limited";
const CATEGORIES = 10;
const BRANDS = 20;
const BATCH = 10_000;

export const benchDatabaseUrl = (): string =>
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const entityId = (i: string) => `md5('entity-' || ${i})::uuid`;
const categoryId = (i: string) => `md5('category-' || ${i})::uuid`;
const brandId = (i: string) => `md5('brand-' || ${i})::uuid`;

/** An empty, migrated schema with the categories and brands every entity links to. */
export async function prepareScaleSchema(): Promise<void> {
  const admin = new pg.Client({ connectionString: benchDatabaseUrl() });
  await admin.connect();
  await admin.query(`drop schema if exists ${SCALE_SCHEMA} cascade`);
  await admin.end();
  const kernel = await createKernel({
    logLevel: "silent",
    database: { url: benchDatabaseUrl(), schema: SCALE_SCHEMA, poolSize: 2 },
    search: { adapter: "postgres" },
  });
  await kernel.close();
  await withClient(async (client) => {
    await client.query(
      `insert into catalog_categories (id, organization_id, name, slug) select ${categoryId("i")}, 'default', 'Category ' || i, 'category-' || i from generate_series(0, ${CATEGORIES - 1}) i`,
    );
    await client.query(
      `insert into catalog_brands (id, organization_id, name, slug) select ${brandId("i")}, 'default', 'Brand ' || i, 'brand-' || i from generate_series(0, ${BRANDS - 1}) i`,
    );
  });
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl(), options: `-c search_path=${SCALE_SCHEMA}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Adds entities `from` to `to - 1` in batches, then vacuums and analyzes as autovacuum would in time. */
export async function growCatalog(from: number, to: number): Promise<void> {
  await withClient(async (client) => {
    for (let start = from; start < to; start += BATCH) {
      const end = Math.min(to, start + BATCH) - 1;
      const series = `generate_series(${start}, ${end}) i`;
      await client.query("begin");
      // Older entities first: created_at grows with i, as a catalog built over time.
      await client.query(
        `insert into catalog_entities (id, organization_id, type, slug, status, metadata, created_at, updated_at)
         select ${entityId("i")}, 'default', case when i % 10 = 9 then 'service' else 'product' end, 'item-' || i,
                case i % 10 when 1 then 'draft' when 2 then 'archived' else 'active' end, jsonb_build_object('seed', i),
                timestamptz '2026-01-01' + i * interval '1 second', timestamptz '2026-01-01' + i * interval '1 second'
         from ${series}`,
      );
      // Attributes and variants without their triggers (replica role, this transaction only): each of
      // their statements would otherwise bump every new entity's revision, leaving two dead versions of
      // each entity row that VACUUM cannot clear while another session of the shared database holds an
      // old snapshot, and index-only scans would fetch them all. Revision 1 is right for rows never changed;
      // the references are right by construction. The count triggers still run: they are on the entity and
      // link tables, written with the role back to origin.
      await client.query("set local session_replication_role = replica");
      await client.query(
        `insert into catalog_entity_attributes (organization_id, entity_id, locale, title, description)
         select 'default', ${entityId("i")}, 'en',
                (array['organic','classic','vintage','lightweight','waterproof','merino','recycled','oversized'])[i % 8 + 1] || ' ' ||
                (array['shirt','hoodie','jacket','sneaker','backpack'])[i % 5 + 1] || ' ${BROAD_WORD} ' || i || case when i % 100 = 0 then ' ${SELECTIVE_WORD} edition' else '' end,
                'Everyday wear. Item number ' || i || '.'
         from ${series}`,
      );
      await client.query(
        `insert into catalog_variants (id, organization_id, entity_id, sku, option_key, options, position)
         select md5('variant-' || i || '-' || size)::uuid, 'default', ${entityId("i")}, 'SKU-' || i || '-' || size, 'size:' || size,
                jsonb_build_object('Size', size), case size when 'S' then 0 else 1 end
         from ${series} cross join unnest(array['S', 'M']) size`,
      );
      await client.query("set local session_replication_role = origin");
      await client.query(
        `insert into catalog_entity_categories (organization_id, entity_id, category_id) select 'default', ${entityId("i")}, ${categoryId(`(i % ${CATEGORIES})`)} from ${series}`,
      );
      await client.query(
        `insert into catalog_entity_brands (organization_id, entity_id, brand_id) select 'default', ${entityId("i")}, ${brandId(`(i % ${BRANDS})`)} from ${series}`,
      );
      // The PostgreSQL search adapter's document, built from the same columns (see postgres-search-adapter.ts).
      await client.query(
        `insert into search_documents (organization_id, entity_id, type, slug, status, title, description, category_ids, brand_ids, attributes, document, title_vector, updated_at)
         select e.organization_id, e.id, e.type, e.slug, e.status, a.title, a.description,
                array[${categoryId(`(i % ${CATEGORIES})`)}::text], array[${brandId(`(i % ${BRANDS})`)}::text], '{}',
                setweight(to_tsvector('english', coalesce(a.title, '')), 'A') || setweight(to_tsvector('simple', replace(e.slug, '-', ' ')), 'B') ||
                setweight(to_tsvector('english', coalesce(a.description, '')), 'C') || setweight(to_tsvector('simple', ''), 'D'),
                to_tsvector('simple', coalesce(a.title, '') || ' ' || replace(e.slug, '-', ' ')), e.updated_at
         from ${series} join catalog_entities e on e.id = ${entityId("i")} join catalog_entity_attributes a on a.entity_id = e.id and a.locale = 'en'`,
      );
      await client.query("commit");
    }
    // Only this schema's tables: a bare VACUUM would walk every schema of the shared database.
    await client.query(
      "vacuum analyze catalog_entities, catalog_entity_attributes, catalog_variants, catalog_entity_categories, catalog_entity_brands, search_documents, catalog_entity_counts, catalog_taxonomy_counts",
    );
  });
}
