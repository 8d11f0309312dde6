import { sql } from "kysely";
import { camelCaseJsonKeys } from "../../db/camel-case-json.js";
import { catalogScope, type CatalogContext } from "./catalog-context.js";
import type { AttributesRow } from "./attribute-operations.js";
import { ROW_COLUMNS, toRow } from "./custom-field-values.js";
import { groupBy, type CatalogInclude } from "./include-registry.js";
import type { Variant, VariantRow } from "./variant-types.js";

/** The includes the catalog itself answers; each is one query for a whole page. */
export function catalogIncludes(context: CatalogContext): CatalogInclude[] {
  const scope = (organizationId: string) => catalogScope(context.db, organizationId);
  // Attributes and variants are the bulk of a list page (240 variant rows for 20 entities): they are read
  // as plain SQL without the CamelCasePlugin, which copied every row and every JSON value in it, with the
  // camelCase names as column aliases and the tenant filter written out (bench/results/catalog.md).
  const plain = context.db.withoutPlugins();
  return [
    {
      name: "attributes",
      emptyValue: {},
      async load({ organizationId, entityIds }) {
        const { rows } = await sql<AttributesRow & { entityId: string }>`
          select entity_id as "entityId", locale, title, description, seo_title as "seoTitle", seo_description as "seoDescription"
          from catalog_entity_attributes
          where organization_id = ${organizationId} and entity_id in (${sql.join(entityIds)})`.execute(plain);
        const byEntity = new Map<string, Record<string, AttributesRow>>();
        for (const { entityId, ...row } of rows) {
          const locales = byEntity.get(entityId) ?? {};
          locales[row.locale] = row;
          byEntity.set(entityId, locales);
        }
        return byEntity;
      },
    },
    {
      name: "variants",
      emptyValue: [],
      async load({ organizationId, entityIds }) {
        // created_at is formatted by PostgreSQL exactly as Date#toISOString writes it (UTC, milliseconds
        // truncated like the driver's Date), which spares a Date and a string per variant.
        const { rows } = await sql<Omit<VariantRow, "createdAt"> & { createdAt: string }>`
          select id, entity_id as "entityId", sku, options, option_value_ids as "optionValueIds", position, metadata,
                 to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
          from catalog_variants
          where organization_id = ${organizationId} and entity_id in (${sql.join(entityIds)})
          order by entity_id, position, id`.execute(plain);
        // The plugin would have renamed keys inside the JSON columns; camelCaseJsonKeys does the same.
        // One object per variant, built directly (no row copy, then a copy of the copy).
        const variants = rows.map(
          (row): Variant => ({
            id: row.id,
            entityId: row.entityId,
            sku: row.sku,
            options: camelCaseJsonKeys(row.options),
            optionValueIds: row.optionValueIds,
            position: row.position,
            metadata: camelCaseJsonKeys(row.metadata),
            createdAt: row.createdAt,
          }),
        );
        return groupBy(variants, (variant) => variant.entityId);
      },
    },
    {
      name: "optionTypes",
      emptyValue: [],
      async load({ organizationId, entityIds }) {
        const rows = await scope(organizationId)
          .selectFrom("catalogOptionTypes")
          .leftJoin("catalogOptionValues", "catalogOptionValues.optionTypeId", "catalogOptionTypes.id")
          .select(["catalogOptionTypes.id", "catalogOptionTypes.entityId", "catalogOptionTypes.name", "catalogOptionTypes.position"])
          .select(["catalogOptionValues.id as valueId", "catalogOptionValues.value as valueText", "catalogOptionValues.position as valuePosition"])
          .where("catalogOptionTypes.entityId", "in", entityIds)
          .orderBy("catalogOptionTypes.position")
          .orderBy("catalogOptionTypes.name")
          .orderBy("catalogOptionValues.position")
          .orderBy("catalogOptionValues.value")
          .execute();
        const types = new Map<string, { id: string; entityId: string; name: string; position: number; values: { id: string; optionTypeId: string; value: string; position: number }[] }>();
        for (const row of rows) {
          const type = types.get(row.id) ?? { id: row.id, entityId: row.entityId, name: row.name, position: row.position, values: [] };
          types.set(row.id, type);
          if (row.valueId) type.values.push({ id: row.valueId, optionTypeId: row.id, value: row.valueText as string, position: row.valuePosition as number });
        }
        return groupBy([...types.values()], (type) => type.entityId);
      },
    },
    {
      name: "categories",
      emptyValue: [],
      async load({ organizationId, entityIds }) {
        const rows = await scope(organizationId)
          .selectFrom("catalogEntityCategories")
          .innerJoin("catalogCategories", "catalogCategories.id", "catalogEntityCategories.categoryId")
          .select(["catalogEntityCategories.entityId", "catalogCategories.id", "catalogCategories.name", "catalogCategories.slug", "catalogCategories.parentId", "catalogCategories.description"])
          .where("catalogEntityCategories.entityId", "in", entityIds)
          .orderBy("catalogCategories.name")
          .execute();
        const grouped = groupBy(rows, (row) => row.entityId);
        return new Map([...grouped].map(([entityId, list]) => [entityId, list.map(({ entityId: _entityId, ...category }) => category)]));
      },
    },
    {
      name: "brands",
      emptyValue: [],
      async load({ organizationId, entityIds }) {
        const rows = await scope(organizationId)
          .selectFrom("catalogEntityBrands")
          .innerJoin("catalogBrands", "catalogBrands.id", "catalogEntityBrands.brandId")
          .select(["catalogEntityBrands.entityId", "catalogBrands.id", "catalogBrands.name", "catalogBrands.slug", "catalogBrands.description"])
          .where("catalogEntityBrands.entityId", "in", entityIds)
          .orderBy("catalogBrands.name")
          .execute();
        const grouped = groupBy(rows, (row) => row.entityId);
        return new Map([...grouped].map(([entityId, list]) => [entityId, list.map(({ entityId: _entityId, ...brand }) => brand)]));
      },
    },
    {
      name: "customFields",
      emptyValue: [],
      async load({ organizationId, entityIds }) {
        const rows = await scope(organizationId)
          .selectFrom("catalogCustomFieldValues")
          .select(ROW_COLUMNS)
          .where("entityId", "in", entityIds)
          .where("status", "=", "approved")
          .orderBy("fieldName")
          .orderBy("locale")
          .execute();
        return groupBy(rows.map(toRow), (row) => row.entityId);
      },
    },
  ];
}
