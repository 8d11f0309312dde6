import { catalogScope, type CatalogContext } from "./catalog-context.js";
import { ATTRIBUTE_COLUMNS, type AttributesRow } from "./attribute-operations.js";
import { ROW_COLUMNS, toRow } from "./custom-field-values.js";
import { groupBy, type CatalogInclude } from "./include-registry.js";
import { toVariant, VARIANT_COLUMNS, type VariantRow } from "./variant-types.js";

/** The includes the catalog itself answers; each is one query for a whole page. */
export function catalogIncludes(context: CatalogContext): CatalogInclude[] {
  const scope = (organizationId: string) => catalogScope(context.db, organizationId);
  return [
    {
      name: "attributes",
      emptyValue: {},
      async load({ organizationId, entityIds }) {
        const rows = await scope(organizationId).selectFrom("catalogEntityAttributes").select(["entityId", ...ATTRIBUTE_COLUMNS]).where("entityId", "in", entityIds).execute();
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
        const rows = await scope(organizationId).selectFrom("catalogVariants").select(VARIANT_COLUMNS).where("entityId", "in", entityIds).orderBy("entityId").orderBy("position").orderBy("id").execute();
        return groupBy(rows.map((row) => toVariant(row as VariantRow)), (row) => row.entityId);
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
