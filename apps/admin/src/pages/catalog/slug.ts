/** The server's slug rule (`slugSchema` in the catalog module): lowercase letters and digits, single dashes between. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Longest slug the server accepts. */
export const SLUG_MAX_LENGTH = 200;

/** A slug proposed from a name ("Summer Shirts & Tops" → "summer-shirts-tops"), accents dropped. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}

/** The server's slug checks, as a form's validator: required, at most 200 characters, the pattern. */
export function validateSlug(value: string): string | null {
  if (value.length === 0) return "Enter a slug";
  if (value.length > SLUG_MAX_LENGTH) return `At most ${SLUG_MAX_LENGTH} characters`;
  if (!SLUG_PATTERN.test(value)) return "Lowercase letters, digits and single dashes only (summer-shirts)";
  return null;
}
