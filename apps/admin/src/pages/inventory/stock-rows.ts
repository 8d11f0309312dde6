/** Stock of one entity in one warehouse, as the `inventory` include answers it. */
export interface StockLevel {
  warehouseId: string;
  variantId: string | null;
  onHand: number;
  reserved: number;
  available: number;
}

/** One row of the stock page: an entity without variants, or one variant of an entity. */
export interface StockRow {
  key: string;
  entityId: string;
  variantId: string | null;
  title: string;
  /** The variant's options ("Red / M"); null for the entity itself. */
  variantLabel: string | null;
  sku: string | null;
  onHand: number;
  reserved: number;
  available: number;
}

/** What the stock page reads of a catalog entity listed with `include=attributes,variants,inventory`. */
export interface StockEntity {
  id: string;
  slug: string;
  attributes?: Record<string, { title: string | null }>;
  variants?: { id: string; sku: string | null; options: Record<string, string> }[];
  inventory?: unknown;
}

function isLevel(value: unknown): value is StockLevel {
  if (typeof value !== "object" || value === null) return false;
  const level = value as Record<string, unknown>;
  return typeof level.warehouseId === "string" && typeof level.onHand === "number";
}

// The include's value is typed `unknown` by the catalog's answer (includes are an open registry).
function levelsOf(entity: StockEntity): StockLevel[] {
  const inventory = entity.inventory;
  if (typeof inventory !== "object" || inventory === null || !("levels" in inventory)) return [];
  const levels = (inventory as { levels: unknown }).levels;
  return Array.isArray(levels) ? levels.filter(isLevel) : [];
}

/** The entity's title in the first locale that has one, else its slug. */
export function entityTitle(entity: Pick<StockEntity, "slug" | "attributes">): string {
  const titled = Object.values(entity.attributes ?? {}).find((attributes) => attributes.title);
  return titled?.title ?? entity.slug;
}

function total(levels: StockLevel[]) {
  return levels.reduce(
    (sum, level) => ({
      onHand: sum.onHand + level.onHand,
      reserved: sum.reserved + level.reserved,
      available: sum.available + level.available,
    }),
    { onHand: 0, reserved: 0, available: 0 },
  );
}

/**
 * The stock rows of a page of entities, summed over every warehouse or only `warehouseId`'s: one row per
 * variant, and one for the entity itself when it has no variant or holds stock of its own.
 */
export function stockRows(entities: StockEntity[], warehouseId: string | null): StockRow[] {
  return entities.flatMap((entity) => {
    const levels = levelsOf(entity).filter((level) => !warehouseId || level.warehouseId === warehouseId);
    const title = entityTitle(entity);
    const variants = entity.variants ?? [];
    const ownLevels = levels.filter((level) => level.variantId === null);
    const rows: StockRow[] = [];
    if (variants.length === 0 || ownLevels.length > 0)
      rows.push({
        key: entity.id,
        entityId: entity.id,
        variantId: null,
        title,
        variantLabel: null,
        sku: null,
        ...total(ownLevels),
      });
    for (const variant of variants)
      rows.push({
        key: `${entity.id}:${variant.id}`,
        entityId: entity.id,
        variantId: variant.id,
        title,
        variantLabel: Object.values(variant.options).join(" / ") || null,
        sku: variant.sku,
        ...total(levels.filter((level) => level.variantId === variant.id)),
      });
    return rows;
  });
}
