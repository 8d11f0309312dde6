/**
 * An example CSV with every column the import understands (catalog-import's README, "Formats"): a header,
 * then one row per variant; later rows of one handle may leave the entity's fields empty.
 */
export const CSV_TEMPLATE = [
  "handle,type,status,title,description,seo_title,seo_description,locale,option1_name,option1_value,sku,price_eur,stock,warehouse",
  'linen-shirt,product,active,Linen shirt,"Cool, light",Linen shirt | Shop,A shirt for summer,en,Size,S,SHIRT-S,29.99,4,default',
  "linen-shirt,,,,,,,,,M,SHIRT-M,29.99,7,default",
  "mug,product,draft,Mug,,,,en,,,MUG-1,9,12,",
  "",
].join("\n");

/** The columns of {@link CSV_TEMPLATE}, with what each means, for the page's help. */
export const CSV_COLUMNS: readonly { name: string; meaning: string }[] = [
  { name: "handle", meaning: "the entity's slug (required; also slug, product_handle)" },
  { name: "type, status", meaning: "entity type (default product) and status (default draft)" },
  { name: "title, description, seo_title, seo_description, locale", meaning: "attributes of one locale (default en)" },
  { name: "option1_name, option1_value … option9_…", meaning: "the variant's options" },
  { name: "sku", meaning: "the variant's SKU" },
  { name: "price_<currency>", meaning: "a price in major units (19.99), e.g. price_eur" },
  { name: "stock, warehouse", meaning: "absolute on-hand units, in the warehouse with that code" },
];

/** Offers {@link CSV_TEMPLATE} as a download named `catalog-import-template.csv`. */
export function downloadCsvTemplate(): void {
  const url = URL.createObjectURL(new Blob([CSV_TEMPLATE], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "catalog-import-template.csv";
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by now; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
