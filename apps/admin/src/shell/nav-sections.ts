/** One link of the navbar. */
export interface NavLinkItem {
  label: string;
  /** The route (relative to the app's base path). */
  to: string;
  /** Shown only to members holding it. */
  permission: string;
}

/** A group of links in the navbar. */
export interface NavSection {
  label: string;
  links: NavLinkItem[];
}

/** The navbar. A page added later gets its link here and its route in router.tsx. */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    label: "Catalog",
    links: [
      { label: "Products", to: "/catalog/products", permission: "catalog:read" },
      { label: "Categories", to: "/catalog/categories", permission: "catalog:read" },
      { label: "Brands", to: "/catalog/brands", permission: "catalog:read" },
      { label: "Field definitions", to: "/catalog/field-definitions", permission: "catalog:update" },
      { label: "Import", to: "/catalog/import", permission: "catalog:import" },
      { label: "Media", to: "/catalog/media", permission: "media:read" },
    ],
  },
  {
    label: "Inventory",
    links: [
      { label: "Warehouses", to: "/inventory/warehouses", permission: "inventory:read" },
      { label: "Stock", to: "/inventory/stock", permission: "inventory:read" },
    ],
  },
  {
    label: "Pricing",
    links: [
      { label: "Price lists", to: "/pricing/price-lists", permission: "pricing:update" },
      { label: "Modifiers", to: "/pricing/modifiers", permission: "pricing:update" },
      { label: "Tax classes", to: "/pricing/tax-classes", permission: "tax:manage" },
    ],
  },
];

/** The sections and links a member may open (a section with no link left is hidden). */
export function visibleNavSections(can: (permission: string) => boolean): NavSection[] {
  return NAV_SECTIONS.map((section) => ({
    ...section,
    links: section.links.filter((link) => can(link.permission)),
  })).filter((section) => section.links.length > 0);
}
