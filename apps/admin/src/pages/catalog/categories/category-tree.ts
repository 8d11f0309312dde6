import type { ResponseData } from "@unified-commerce/client";

/** A category as the API answers it. */
export type Category = ResponseData<"/api/catalog/categories", "get">[number];

/** A category placed in the tree: its depth (0 for a root) for indenting, in depth-first order. */
export interface CategoryTreeRow {
  category: Category;
  depth: number;
  /** Names from the root down to this category's parent ("Clothing › Shirts"). */
  path: string[];
}

/**
 * The categories depth first, children under their parent, siblings by name. A category whose parent is
 * missing (deleted, or beyond what was loaded) is shown as a root rather than hidden; a cycle (the server
 * refuses only a category being its own parent) is cut where it closes.
 */
export function categoryTree(categories: readonly Category[]): CategoryTreeRow[] {
  const ids = new Set(categories.map((category) => category.id));
  const children = new Map<string | null, Category[]>();
  for (const category of categories) {
    const parent = category.parentId && ids.has(category.parentId) ? category.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  for (const list of children.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  const rows: CategoryTreeRow[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number, path: string[]) => {
    for (const category of children.get(parent) ?? []) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      rows.push({ category, depth, path });
      visit(category.id, depth + 1, [...path, category.name]);
    }
  };
  visit(null, 0, []);
  // Members of a cycle never hang under the root: list them at the end rather than lose them.
  for (const category of categories)
    if (!seen.has(category.id)) {
      seen.add(category.id);
      rows.push({ category, depth: 0, path: [] });
      visit(category.id, 1, [category.name]);
    }
  return rows;
}

/** The ids of `id` and of every category under it: none of them may become its parent. */
export function selfAndDescendants(categories: readonly Category[], id: string): Set<string> {
  const result = new Set([id]);
  let isGrowing = true;
  while (isGrowing) {
    isGrowing = false;
    for (const category of categories)
      if (category.parentId && result.has(category.parentId) && !result.has(category.id)) {
        result.add(category.id);
        isGrowing = true;
      }
  }
  return result;
}
