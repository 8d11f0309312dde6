/**
 * What the kernel's CamelCasePlugin does to a JSON column's value, for queries that skip the plugin on a
 * hot path (the catalog's page includes). The plugin renames keys inside JSON values too (`{"a_b": 1}`
 * reads back as `{"aB": 1}`): reads that bypass it must answer exactly the same, so this applies the same
 * rule: plain objects have their keys camelCased, recursively; arrays have their plain-object elements
 * mapped, one level, as the plugin does.
 *
 * Values without any key to rename are returned as they are (no copy), which is the common case and the
 * point: the plugin copies every row and every nested object.
 */
export function camelCaseJsonKeys<T>(value: T): T {
  return needsRename(value) ? (mapValue(value) as T) : value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

function needsRename(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => isPlainObject(item) && objectNeedsRename(item));
  return isPlainObject(value) && objectNeedsRename(value);
}

function objectNeedsRename(object: Record<string, unknown>): boolean {
  for (const key of Object.keys(object)) {
    if (key.includes("_") || needsRename(object[key])) return true;
  }
  return false;
}

function mapValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (isPlainObject(item) ? mapObject(item) : item));
  return isPlainObject(value) ? mapObject(value) : value;
}

function mapObject(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object)) out[camelCase(key)] = mapValue(object[key]);
  return out;
}

/** Kysely's default snake_case to camelCase: drop each `_`, upper-case the character after it. */
function camelCase(key: string): string {
  if (!key.includes("_")) return key;
  let out = key[0] ?? "";
  for (let i = 1; i < key.length; i += 1) {
    const char = key[i] as string;
    if (char !== "_") out += key[i - 1] === "_" ? char.toUpperCase() : char;
  }
  return out;
}
