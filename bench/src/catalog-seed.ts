/**
 * Seeds the catalog benchmark's schema through the kernel's own services: 500 active entities with en
 * attributes and a 3 x 4 option matrix each (6,000 variants), roughly the shape of Medusa's published
 * product benchmark. Search documents are written by the search module as the entities are created.
 */
import pg from "pg";
import { createKernel } from "@unified-commerce/core";

export const BENCH_SCHEMA = "bench_catalog";
export const ENTITY_COUNT = 500;

export const benchDatabaseUrl = (): string =>
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const NOUNS = ["shirt", "hoodie", "jacket", "sneaker", "backpack"];
const ADJECTIVES = ["organic", "classic", "vintage", "lightweight", "waterproof", "merino", "recycled", "oversized"];

export async function seedCatalog(): Promise<{ entities: number; variants: number }> {
  const admin = new pg.Client({ connectionString: benchDatabaseUrl() });
  await admin.connect();
  await admin.query(`drop schema if exists ${BENCH_SCHEMA} cascade`);
  await admin.end();

  const kernel = await createKernel({
    logLevel: "silent",
    database: { url: benchDatabaseUrl(), schema: BENCH_SCHEMA, poolSize: 10 },
    search: { adapter: "postgres" },
  });
  try {
    const { catalog } = kernel.services;
    let variants = 0;
    const seedOne = async (i: number) => {
      const noun = NOUNS[i % NOUNS.length] as string;
      const adjective = ADJECTIVES[i % ADJECTIVES.length] as string;
      const { result: entity } = await catalog.createEntity(
        "default",
        {
          type: "product",
          slug: `${adjective}-${noun}-${i}`,
          status: "active",
          metadata: { seed: i },
          attributes: {
            en: {
              title: `${adjective} ${noun} ${i}`,
              description: `A ${adjective} ${noun} for every day. Item number ${i}.`,
            },
          },
        },
        null,
      );
      const batch = await catalog.bulkVariants(
        "default",
        entity.id,
        {
          axes: [
            { name: "Size", values: ["S", "M", "L"] },
            { name: "Color", values: ["Black", "White", "Navy", "Olive"] },
          ],
        },
        null,
      );
      variants += batch.created.length;
    };
    for (let start = 0; start < ENTITY_COUNT; start += 10) {
      await Promise.all(Array.from({ length: Math.min(10, ENTITY_COUNT - start) }, (_, k) => seedOne(start + k)));
    }
    return { entities: ENTITY_COUNT, variants };
  } finally {
    await kernel.close();
  }
}
