import { sql } from "kysely";
import { JsonText } from "../../http/json-text.js";
import { catalogScope, type CatalogContext } from "./catalog-context.js";
import { ROW_COLUMNS, toRow } from "./custom-field-values.js";
import { groupBy, type CatalogInclude } from "./include-registry.js";

/** The includes the catalog itself answers; each is one query for a whole page. */
export function catalogIncludes(context: CatalogContext): CatalogInclude[] {
  const scope = (organizationId: string) => catalogScope(context.db, organizationId);
  // Attributes and variants are the bulk of a list page (240 variant rows for 20 entities): PostgreSQL
  // writes them as JSON, one text per entity, which list answers splice in unparsed. Turning each variant
  // into a row object and serializing it again was most of a page's CPU and garbage
  // (bench/results/catalog.md). Keys are the API's camelCase names, JSON values are as stored.
  const jsonByEntity = (rows: readonly { entityId: string; json: string }[]) => new Map(rows.map((row) => [row.entityId, new JsonText(row.json)]));
  return [
    {
      name: "attributes",
      emptyValue: {},
      async load({ organizationId, entityIds }) {
        // `{"<locale>":{...},...}`, written compactly (json_object_agg would pad every key with spaces).
        const { rows } = await sql<{ entityId: string; json: string }>`
          select a.entity_id as "entityId", '{' || string_agg(to_json(a.locale)::text || ':' || row_to_json(r)::text, ',' order by a.locale) || '}' as json
          from catalog_entity_attributes a
          cross join lateral (select a.locale, a.title, a.description, a.seo_title as "seoTitle", a.seo_description as "seoDescription") r
          where a.organization_id = ${organizationId} and a.entity_id in (${sql.join(entityIds)})
          group by a.entity_id`.execute(context.db);
        return jsonByEntity(rows);
      },
    },
    {
      name: "variants",
      emptyValue: [],
      async load({ organizationId, entityIds }) {
        // created_at as Date#toISOString writes it (UTC, milliseconds truncated like the driver's Date),
        // so variants read here and through the variant routes are the same JSON.
        const { rows } = await sql<{ entityId: string; json: string }>`
          select v."entityId", array_to_json(array_agg(v order by v.position, v.id))::text as json
          from (select id, entity_id as "entityId", sku, options, option_value_ids as "optionValueIds", position, metadata,
                       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
                from catalog_variants
                where organization_id = ${organizationId} and entity_id in (${sql.join(entityIds)})) v
          group by v."entityId"`.execute(context.db);
        return jsonByEntity(rows);
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
