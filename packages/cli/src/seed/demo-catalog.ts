/** One product of the demo catalog: its options become variants, each priced and stocked. */
export interface DemoProduct {
  slug: string;
  title: string;
  description: string;
  categorySlug: string;
  /** Price in minor units (cents). */
  price: number;
  /** Option name to its values: one variant per combination; empty means a product without variants. */
  options: Record<string, readonly string[]>;
}

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  nouns: readonly string[];
  adjectives: readonly string[];
  options: Record<string, readonly string[]>;
  basePrice: number;
}

/** Five categories; products are drawn from their nouns and adjectives so any count is possible. */
export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: "demo-apparel",
    name: "Apparel",
    description: "Clothes for every day",
    nouns: ["T-shirt", "Hoodie", "Jacket", "Scarf"],
    adjectives: ["Organic", "Classic", "Heavy", "Light"],
    options: { Size: ["S", "M", "L"] },
    basePrice: 2_500,
  },
  {
    slug: "demo-home",
    name: "Home",
    description: "For the kitchen and the living room",
    nouns: ["Mug", "Vase", "Cushion", "Lamp"],
    adjectives: ["Ceramic", "Linen", "Oak", "Glazed"],
    options: { Color: ["White", "Sage"] },
    basePrice: 1_800,
  },
  {
    slug: "demo-outdoors",
    name: "Outdoors",
    description: "Gear for walks and weekends",
    nouns: ["Backpack", "Flask", "Tent", "Cap"],
    adjectives: ["Trail", "Alpine", "Packable", "Waxed"],
    options: { Color: ["Olive", "Navy"] },
    basePrice: 4_500,
  },
  {
    slug: "demo-books",
    name: "Books",
    description: "Paper, still",
    nouns: ["Notebook", "Cookbook", "Atlas", "Journal"],
    adjectives: ["Pocket", "Illustrated", "Large", "Dotted"],
    options: {},
    basePrice: 1_500,
  },
  {
    slug: "demo-tea",
    name: "Tea",
    description: "Loose leaf, by the tin",
    nouns: ["Green tea", "Black tea", "Oolong", "Rooibos"],
    adjectives: ["Smoky", "Floral", "Morning", "Evening"],
    options: { Weight: ["100 g", "250 g"] },
    basePrice: 900,
  },
];

/** `count` products spread over the categories, deterministic so two seeds of two stores look alike. */
export function demoProducts(count: number): DemoProduct[] {
  const products: DemoProduct[] = [];
  for (let index = 0; index < count; index++) {
    const category = DEMO_CATEGORIES[index % DEMO_CATEGORIES.length] as DemoCategory;
    const round = Math.floor(index / DEMO_CATEGORIES.length);
    const noun = category.nouns[round % category.nouns.length] as string;
    const adjective = category.adjectives[
      Math.floor(round / category.nouns.length) % category.adjectives.length
    ] as string;
    const title = `${adjective} ${noun}`;
    products.push({
      slug: `${category.slug}-${index + 1}`,
      title,
      description: `${title}: a demo product of the ${category.name} category.`,
      categorySlug: category.slug,
      price: category.basePrice + (index % 7) * 100 + 99,
      options: category.options,
    });
  }
  return products;
}

/** Every combination of the option values, e.g. `{ Size: "M" }`. */
export function variantCombinations(options: Record<string, readonly string[]>): Record<string, string>[] {
  let combinations: Record<string, string>[] = [{}];
  for (const [name, values] of Object.entries(options)) {
    combinations = combinations.flatMap((combination) => values.map((value) => ({ ...combination, [name]: value })));
  }
  return Object.keys(options).length === 0 ? [] : combinations;
}
