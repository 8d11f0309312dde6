/** Entities per chunk of generated NDJSON handed to the import. */
const CHUNK = 1_000;

const SIZES = ["S", "M", "L"];
const WORDS = ["cotton", "linen", "wool", "denim", "leather", "canvas", "silk", "bamboo", "hemp", "fleece"];

/**
 * NDJSON for `uc seed --entities N`: entity `i` is `seed-product-<i>`, active, with an English title
 * and description (a material word, so search has something to rank), variants in sizes S and M (SKU
 * `SEED-<i>-<size>`), a price per variant in `currency` and stock in the default warehouse. The same
 * N gives the same rows, so running the seed again updates instead of duplicating.
 */
export async function* generatedCatalog(count: number, currency: string): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < count; start += CHUNK) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i += 1) {
      const word = WORDS[i % WORDS.length] as string;
      lines.push(
        JSON.stringify({
          slug: `seed-product-${i}`,
          status: "active",
          attributes: {
            en: {
              title: `Seed ${word} product ${i}`,
              description: `A generated ${word} product for large-catalog tests, number ${i}.`,
            },
          },
          variants: SIZES.slice(0, 2).map((size, index) => ({
            sku: `SEED-${i}-${size}`,
            options: { Size: size },
            prices: [{ currency, amount: 500 + (i % 1000) * 10 + index * 100 }],
            stock: [{ onHand: (i * 7 + index) % 40 }],
          })),
        }),
      );
    }
    yield Buffer.from(`${lines.join("\n")}\n`);
  }
}
