import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { hasPermission } from "../../kernel/permissions.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { catalogScope, type CatalogContext } from "./catalog-context.js";
import type { EntityStatus } from "./catalog-tables.js";
import { optionKey } from "./variant-matrix.js";

/** One variant of a bulk upsert, identified by its option values within its entity (none: the default variant). */
export interface BulkVariantInput {
  sku: string | null;
  /** Option name to value; `{}` is the entity's one option-less variant. */
  options: Record<string, string>;
  metadata?: Record<string, unknown> | undefined;
}

/** One entity of a bulk upsert, identified by its slug. */
export interface BulkEntityInput {
  slug: string;
  type: string;
  status: EntityStatus;
  /** Merged into the stored metadata (given keys replace, others stay). */
  metadata?: Record<string, unknown> | undefined;
  /** A locale given replaces its four fields (absent fields become null); other locales stay. */
  attributes?:
    | Record<
        string,
        {
          title?: string | null | undefined;
          description?: string | null | undefined;
          seoTitle?: string | null | undefined;
          seoDescription?: string | null | undefined;
        }
      >
    | undefined;
  variants: BulkVariantInput[];
}

/** What happened to one input, in input order: written (with ids), or refused with a reason and nothing written for it. */
export type BulkEntityResult =
  | {
      isRefused: false;
      entityId: string;
      isCreated: boolean;
      /** Whether any of its rows (entity, attributes, variants) was written: false when the input matched what is stored. */
      isChanged: boolean;
      variantIds: string[];
    }
  | { isRefused: true; reason: string };

/** Rows per INSERT: stays far below PostgreSQL's 65,535 bind parameters whatever the column count. */
const CHUNK = 1_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

/** A stable text for an options record, to compare combinations whatever the key order. */
const optionsText = (options: Record<string, string>): string =>
  JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * Upserts many entities with their attributes, option axes and variants in a few set-based statements
 * on the caller's transaction: what a bulk import needs to write 100,000 rows in minutes instead of
 * hours. Entities match by slug, variants by option values within their entity, so running the same
 * input twice updates instead of duplicating.
 *
 * It neither emits events nor runs the `catalog.before*` hooks: the caller announces the whole batch with
 * one event of its own (see the catalog-import module), because one event, audit entry and search
 * reindex per row would cost more than the rows. Refusals (a store-sourced entity without `catalog:sync`,
 * a SKU held by another variant) are answered, not thrown, before anything of that input is written.
 */
export function createBulkEntityOperations(context: CatalogContext) {
  return {
    async upsertEntitiesInBulk(
      organizationId: string,
      inputs: readonly BulkEntityInput[],
      actor: Actor | null,
      { trx }: Required<TxOptions>,
    ): Promise<BulkEntityResult[]> {
      const results: (BulkEntityResult | undefined)[] = inputs.map(() => undefined);
      if (inputs.length === 0) return [];
      const scope = catalogScope(trx, organizationId);
      const existing = await scope
        .selectFrom("catalogEntities")
        .select(["id", "slug", "source"])
        .where(
          "slug",
          "in",
          inputs.map((input) => input.slug),
        )
        .execute();
      const existingBySlug = new Map(existing.map((row) => [row.slug, row]));
      const skus = inputs.flatMap((input) => input.variants.flatMap((variant) => (variant.sku ? [variant.sku] : [])));
      const skuHolders = new Map<string, { entityId: string; options: string }>();
      for (const part of chunks(skus)) {
        const rows = await scope
          .selectFrom("catalogVariants")
          .select(["sku", "entityId", "options"])
          .where("sku", "in", part)
          .execute();
        for (const row of rows)
          if (row.sku)
            skuHolders.set(row.sku, {
              entityId: row.entityId,
              options: optionsText(row.options as Record<string, string>),
            });
      }
      const canSync = hasPermission(actor, "catalog:sync");
      const seenSlugs = new Set<string>();
      const seenSkus = new Set<string>();
      inputs.forEach((input, index) => {
        const current = existingBySlug.get(input.slug);
        // One statement cannot write a row twice: repeats within the input are refused, not merged.
        if (seenSlugs.has(input.slug)) {
          results[index] = { isRefused: true, reason: `slug ${input.slug} is given twice` };
          return;
        }
        const combinations = new Set(input.variants.map((variant) => optionsText(variant.options)));
        const ownSkus = input.variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
        if (
          combinations.size !== input.variants.length ||
          new Set(ownSkus).size !== ownSkus.length ||
          ownSkus.some((sku) => seenSkus.has(sku))
        ) {
          results[index] = { isRefused: true, reason: "the same options or SKU are given to two variants" };
          return;
        }
        if (current?.source === "store" && !canSync) {
          results[index] = {
            isRefused: true,
            reason: `entity ${input.slug} is fed by a connected store; changing it needs catalog:sync`,
          };
          return;
        }
        for (const variant of input.variants) {
          const holder = variant.sku ? skuHolders.get(variant.sku) : undefined;
          if (holder && (holder.entityId !== current?.id || holder.options !== optionsText(variant.options))) {
            results[index] = { isRefused: true, reason: `SKU ${variant.sku} belongs to another variant` };
            return;
          }
        }
        seenSlugs.add(input.slug);
        for (const sku of ownSkus) seenSkus.add(sku);
      });
      const accepted = inputs
        .map((input, index) => ({ input, index }))
        .filter(({ index }) => results[index] === undefined);
      if (accepted.length === 0) return results as BulkEntityResult[];

      const now = new Date();
      const entityRows = await scope
        .insertInto(
          "catalogEntities",
          accepted.map(({ input }) => ({
            id: randomUUID(),
            type: input.type,
            slug: input.slug,
            status: input.status,
            source: "platform" as const,
            sourceStoreId: null,
            metadata: JSON.stringify(input.metadata ?? {}),
            updatedAt: now,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(["organizationId", "slug"])
            .doUpdateSet({
              type: sql`excluded.type`,
              status: sql`excluded.status`,
              metadata: sql`catalog_entities.metadata || excluded.metadata`,
              updatedAt: now,
            })
            // An unchanged entity is not rewritten (nor are its indexes and counts): a re-run of the same
            // file writes almost nothing. Its id comes from the lookup above instead of RETURNING.
            .where(
              sql<boolean>`(catalog_entities.type, catalog_entities.status, catalog_entities.metadata) is distinct from (excluded.type, excluded.status, catalog_entities.metadata || excluded.metadata)`,
            ),
        )
        .returning(["id", "slug"])
        .execute();
      const entityBySlug = new Map<string, { id: string; isInserted: boolean }>();
      for (const row of existing) entityBySlug.set(row.slug, { id: row.id, isInserted: false });
      for (const row of entityRows)
        if (!entityBySlug.has(row.slug)) entityBySlug.set(row.slug, { id: row.id, isInserted: true });
      // A slug another writer created after the lookup, left unchanged by the upsert: read its id.
      const missing = accepted.map(({ input }) => input.slug).filter((slug) => !entityBySlug.has(slug));
      if (missing.length > 0) {
        const rows = await scope
          .selectFrom("catalogEntities")
          .select(["id", "slug"])
          .where("slug", "in", missing)
          .execute();
        for (const row of rows) entityBySlug.set(row.slug, { id: row.id, isInserted: false });
      }
      const entityIdOf = (slug: string) => (entityBySlug.get(slug) as { id: string }).id;

      const attributeRows = accepted.flatMap(({ input }) =>
        Object.entries(input.attributes ?? {}).map(([locale, fields]) => ({
          entityId: entityIdOf(input.slug),
          locale,
          title: fields.title ?? null,
          description: fields.description ?? null,
          seoTitle: fields.seoTitle ?? null,
          seoDescription: fields.seoDescription ?? null,
          updatedAt: now,
        })),
      );
      const changed = new Set(entityRows.map((row) => row.id));
      for (const part of chunks(attributeRows)) {
        const written = await scope
          .insertInto("catalogEntityAttributes", part)
          .onConflict((oc) =>
            oc
              .columns(["entityId", "locale"])
              .doUpdateSet({
                title: sql`excluded.title`,
                description: sql`excluded.description`,
                seoTitle: sql`excluded.seo_title`,
                seoDescription: sql`excluded.seo_description`,
                updatedAt: now,
              })
              .where(
                sql<boolean>`(catalog_entity_attributes.title, catalog_entity_attributes.description, catalog_entity_attributes.seo_title, catalog_entity_attributes.seo_description) is distinct from (excluded.title, excluded.description, excluded.seo_title, excluded.seo_description)`,
              ),
          )
          .returning("entityId")
          .execute();
        for (const row of written) changed.add(row.entityId);
      }

      const valueIds = await upsertOptionAxes(
        trx,
        organizationId,
        accepted.map(({ input }) => ({ entityId: entityIdOf(input.slug), variants: input.variants })),
      );
      const variantRows = accepted.flatMap(({ input }) => {
        const entityId = entityIdOf(input.slug);
        return input.variants.map((variant, position) => {
          const ids = Object.entries(variant.options).map(
            ([name, value]) => valueIds.get(`${entityId}\u0000${name}\u0000${value}`) as string,
          );
          return {
            id: randomUUID(),
            entityId,
            sku: variant.sku,
            optionKey: optionKey(ids),
            options: JSON.stringify(variant.options),
            optionValueIds: JSON.stringify(ids),
            position,
            metadata: JSON.stringify(variant.metadata ?? {}),
          };
        });
      });
      const variantIdByKey = new Map<string, string>();
      for (const part of chunks(variantRows)) {
        const written = await scope
          .insertInto("catalogVariants", part)
          .onConflict((oc) =>
            oc
              .columns(["entityId", "optionKey"])
              .doUpdateSet({
                sku: sql`excluded.sku`,
                position: sql`excluded.position`,
                metadata: sql`catalog_variants.metadata || excluded.metadata`,
              })
              .where(
                sql<boolean>`(catalog_variants.sku, catalog_variants.position, catalog_variants.metadata) is distinct from (excluded.sku, excluded.position, catalog_variants.metadata || excluded.metadata)`,
              ),
          )
          .returning(["id", "entityId", "optionKey"])
          .execute();
        for (const row of written) {
          variantIdByKey.set(`${row.entityId}\u0000${row.optionKey}`, row.id);
          changed.add(row.entityId);
        }
      }
      // Variants left unchanged by the upsert are not returned: read their ids.
      const unchanged = variantRows.filter((row) => !variantIdByKey.has(`${row.entityId}\u0000${row.optionKey}`));
      for (const part of chunks([...new Set(unchanged.map((row) => row.entityId))])) {
        const rows = await scope
          .selectFrom("catalogVariants")
          .select(["id", "entityId", "optionKey"])
          .where("entityId", "in", part)
          .execute();
        for (const row of rows) {
          const key = `${row.entityId}\u0000${row.optionKey}`;
          if (!variantIdByKey.has(key)) variantIdByKey.set(key, row.id);
        }
      }
      let cursor = 0;
      for (const { input, index } of accepted) {
        const entity = entityBySlug.get(input.slug) as { id: string; isInserted: boolean };
        const variantIds = input.variants.map(() => {
          const row = variantRows[cursor++] as { entityId: string; optionKey: string };
          return variantIdByKey.get(`${row.entityId}\u0000${row.optionKey}`) as string;
        });
        results[index] = {
          isRefused: false,
          entityId: entity.id,
          isCreated: entity.isInserted,
          isChanged: entity.isInserted || changed.has(entity.id),
          variantIds,
        };
      }
      return results as BulkEntityResult[];
    },
  };
}

/** Creates the option types and values the variants name (keeping existing ones); answers `entity\0name\0value` to value id. */
async function upsertOptionAxes(
  trx: Transaction<CoreTables>,
  organizationId: string,
  entities: readonly { entityId: string; variants: readonly BulkVariantInput[] }[],
): Promise<Map<string, string>> {
  const scope = catalogScope(trx, organizationId);
  const types = new Map<string, { entityId: string; name: string; position: number }>();
  const values = new Map<string, { typeKey: string; value: string; position: number }>();
  const valueCount = new Map<string, number>();
  for (const { entityId, variants } of entities) {
    for (const variant of variants) {
      Object.entries(variant.options).forEach(([name, value], position) => {
        const typeKey = `${entityId}\u0000${name}`;
        if (!types.has(typeKey)) types.set(typeKey, { entityId, name, position });
        const valueKey = `${typeKey}\u0000${value}`;
        if (values.has(valueKey)) return;
        const count = valueCount.get(typeKey) ?? 0;
        valueCount.set(typeKey, count + 1);
        values.set(valueKey, { typeKey, value, position: count });
      });
    }
  }
  const ids = new Map<string, string>();
  if (types.size === 0) return ids;
  for (const part of chunks([...types.values()])) {
    await scope
      .insertInto(
        "catalogOptionTypes",
        part.map((type) => ({ id: randomUUID(), ...type })),
      )
      .onConflict((oc) => oc.columns(["entityId", "name"]).doNothing())
      .execute();
  }
  const entityIds = [...new Set(entities.map((entity) => entity.entityId))];
  const typeIds = new Map<string, string>();
  for (const part of chunks(entityIds)) {
    const rows = await scope
      .selectFrom("catalogOptionTypes")
      .select(["id", "entityId", "name"])
      .where("entityId", "in", part)
      .execute();
    for (const row of rows) typeIds.set(`${row.entityId}\u0000${row.name}`, row.id);
  }
  const wanted = [...values.values()].map((value) => ({
    id: randomUUID(),
    optionTypeId: typeIds.get(value.typeKey) as string,
    value: value.value,
    position: value.position,
  }));
  for (const part of chunks(wanted)) {
    await scope
      .insertInto("catalogOptionValues", part)
      .onConflict((oc) => oc.columns(["optionTypeId", "value"]).doNothing())
      .execute();
  }
  const keyOfType = new Map([...typeIds].map(([key, id]) => [id, key]));
  for (const part of chunks([...typeIds.values()])) {
    const rows = await scope
      .selectFrom("catalogOptionValues")
      .select(["id", "optionTypeId", "value"])
      .where("optionTypeId", "in", part)
      .execute();
    for (const row of rows) ids.set(`${keyOfType.get(row.optionTypeId) as string}\u0000${row.value}`, row.id);
  }
  return ids;
}
