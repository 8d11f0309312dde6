import { sql, type Kysely } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { JsonText } from "../../http/json-text.js";
import { ATTRIBUTE_COLUMNS, type AttributesRow } from "./attribute-operations.js";
import { catalogScope } from "./catalog-context.js";
import { ROW_COLUMNS, toRow } from "./custom-field-values.js";
import { groupBy, type CatalogInclude } from "./include-registry.js";
import type { Variant } from "./variant-types.js";

/**
 * Attributes and variants are the bulk of a list page (240 variants for 20 entities). They are written
 * to JSON once per entity revision (their tables' triggers bump it) and cached as text that list answers
 * splice in (bench/results/catalog.md). The JSON is written here rather than by PostgreSQL: it costs the
 * database more CPU than sending rows, and the database is the part that does not scale out.
 */
const asJsonText = (byEntity: ReadonlyMap<string, unknown>) =>
  new Map([...byEntity].map(([entityId, value]) => [entityId, new JsonText(JSON.stringify(value))]));

/** The includes the catalog itself answers; each is one query for a whole page. */
export function catalogIncludes(db: Kysely<CoreTables>): CatalogInclude[] {
  return [
    {
      name: "attributes",
      emptyValue: {},
      isRevisioned: true,
      async load({ organizationId, entityIds, trx }) {
        const rows = await catalogScope(trx ?? db, organizationId)
          .selectFrom("catalogEntityAttributes")
          .select(["entityId", ...ATTRIBUTE_COLUMNS])
          .where("entityId", "in", entityIds)
          .orderBy("locale")
          .execute();
        const byEntity = new Map<string, Record<string, AttributesRow>>();
        for (const { entityId, ...row } of rows) {
          const locales = byEntity.get(entityId) ?? {};
          locales[row.locale] = row;
          byEntity.set(entityId, locales);
        }
        return asJsonText(byEntity);
      },
    },
    {
      name: "variants",
      emptyValue: [],
      isRevisioned: true,
      async load({ organizationId, entityIds, trx }) {
        // Rows are the answer's objects as they are: camelCase aliases in the answer's key order (so no
        // plugin needs to copy them), and created_at written as Date#toISOString writes it (UTC,
        // milliseconds truncated like the driver's Date), which spares a Date per variant.
        const { rows } = await sql<Variant>`
          select id, entity_id as "entityId", sku, options, option_value_ids as "optionValueIds", position, metadata,
                 to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
          from catalog_variants
          where organization_id = ${organizationId} and entity_id in (${sql.join(entityIds)})
          order by entity_id, position, id`.execute((trx ?? db).withoutPlugins());
        return asJsonText(groupBy(rows, (variant) => variant.entityId));
      },
    },
    {
      name: "optionTypes",
      emptyValue: [],
      async load({ organizationId, entityIds, trx }) {
        const rows = await catalogScope(trx ?? db, organizationId)
          .selectFrom("catalogOptionTypes")
          .leftJoin("catalogOptionValues", "catalogOptionValues.optionTypeId", "catalogOptionTypes.id")
          .select([
            "catalogOptionTypes.id",
            "catalogOptionTypes.entityId",
            "catalogOptionTypes.name",
            "catalogOptionTypes.position",
          ])
          .select([
            "catalogOptionValues.id as valueId",
            "catalogOptionValues.value as valueText",
            "catalogOptionValues.position as valuePosition",
          ])
          .where("catalogOptionTypes.entityId", "in", entityIds)
          .orderBy("catalogOptionTypes.position")
          .orderBy("catalogOptionTypes.name")
          .orderBy("catalogOptionValues.position")
          .orderBy("catalogOptionValues.value")
          .execute();
        const types = new Map<
          string,
          {
            id: string;
            entityId: string;
            name: string;
            position: number;
            values: { id: string; optionTypeId: string; value: string; position: number }[];
          }
        >();
        for (const row of rows) {
          const type = types.get(row.id) ?? {
            id: row.id,
            entityId: row.entityId,
            name: row.name,
            position: row.position,
            values: [],
          };
          types.set(row.id, type);
          if (row.valueId)
            type.values.push({
              id: row.valueId,
              optionTypeId: row.id,
              value: row.valueText as string,
              position: row.valuePosition as number,
            });
        }
        return groupBy([...types.values()], (type) => type.entityId);
      },
    },
    {
      name: "categories",
      emptyValue: [],
      async load({ organizationId, entityIds, trx }) {
        const rows = await catalogScope(trx ?? db, organizationId)
          .selectFrom("catalogEntityCategories")
          .innerJoin("catalogCategories", "catalogCategories.id", "catalogEntityCategories.categoryId")
          .select([
            "catalogEntityCategories.entityId",
            "catalogCategories.id",
            "catalogCategories.name",
            "catalogCategories.slug",
            "catalogCategories.parentId",
            "catalogCategories.description",
          ])
          .where("catalogEntityCategories.entityId", "in", entityIds)
          .orderBy("catalogCategories.name")
          .execute();
        const grouped = groupBy(rows, (row) => row.entityId);
        return new Map(
          [...grouped].map(([entityId, list]) => [
            entityId,
            list.map(({ entityId: _entityId, ...category }) => category),
          ]),
        );
      },
    },
    {
      name: "brands",
      emptyValue: [],
      async load({ organizationId, entityIds, trx }) {
        const rows = await catalogScope(trx ?? db, organizationId)
          .selectFrom("catalogEntityBrands")
          .innerJoin("catalogBrands", "catalogBrands.id", "catalogEntityBrands.brandId")
          .select([
            "catalogEntityBrands.entityId",
            "catalogBrands.id",
            "catalogBrands.name",
            "catalogBrands.slug",
            "catalogBrands.description",
          ])
          .where("catalogEntityBrands.entityId", "in", entityIds)
          .orderBy("catalogBrands.name")
          .execute();
        const grouped = groupBy(rows, (row) => row.entityId);
        return new Map(
          [...grouped].map(([entityId, list]) => [entityId, list.map(({ entityId: _entityId, ...brand }) => brand)]),
        );
      },
    },
    {
      name: "customFields",
      emptyValue: [],
      async load({ organizationId, entityIds, trx }) {
        const rows = await catalogScope(trx ?? db, organizationId)
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
