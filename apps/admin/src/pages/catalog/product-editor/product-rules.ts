/**
 * The server's rules for a catalog entity's fields (`catalog-schemas.ts`), checked in the form before a
 * request, so a mistake shows on its field at once and the server's 422 is the exception.
 */

/** `slugSchema`: lowercase letters, digits and single dashes, 1 to 200 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `localeSchema`: `en`, `de-CH`. */
export const LOCALE_PATTERN = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** Localized attribute lengths (`localizedAttributesSchema`). */
export const ATTRIBUTE_LIMITS = { title: 500, description: 20_000, seoTitle: 500, seoDescription: 2_000 } as const;

export function typeError(value: string): string | null {
  const type = value.trim();
  if (!type) return "Enter a type, such as product";
  return type.length > 100 ? "At most 100 characters" : null;
}

export function slugError(value: string): string | null {
  if (!value) return "Enter a slug";
  if (value.length > 200) return "At most 200 characters";
  return SLUG_PATTERN.test(value) ? null : "Lowercase letters, digits and single dashes only (summer-shirt-2)";
}

/** Metadata is a JSON object (`metadataSchema`: a record); blank means `{}`. */
export function metadataError(value: string): string | null {
  if (!value.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isPlainObject(parsed) ? null : 'Must be a JSON object, such as {"season": "summer"}';
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : "cannot be read"}`;
  }
}

export function parseMetadata(value: string): Record<string, unknown> {
  if (!value.trim()) return {};
  const parsed: unknown = JSON.parse(value);
  return isPlainObject(parsed) ? parsed : {};
}

export function localeError(value: string): string | null {
  return LOCALE_PATTERN.test(value) ? null : "A locale such as de or de-CH";
}

export function maxLengthError(value: string, max: number): string | null {
  return value.length > max ? `At most ${max.toLocaleString("en")} characters` : null;
}

/** A slug the server accepts, made from a title: "Summer Shirt (2)" → "summer-shirt-2". */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 200)
    .replace(/-+$/, "");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
