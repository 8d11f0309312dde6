import type { FieldIssue } from "../kernel/app-error.js";

/**
 * Keys that reach an object's prototype when code copies through them (`target[key] = value`,
 * `Object.assign`), or that read an inherited function where a lookup expects data (`map[key]`).
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/**
 * How deep a request's JSON may nest. Far above any schema of the API; it bounds this walk's recursion and
 * keeps PostgreSQL's jsonb parser from refusing a free-form value as too deep (a 500 otherwise).
 * @default 32
 */
export const MAX_INPUT_DEPTH = 32;

const NUL = "\u0000";

/**
 * The first part of a request's input (a parsed body, query string or path parameters) that no handler
 * should see, whatever the route's schema says: a NUL character in a string or a key (PostgreSQL stores
 * it in neither text nor jsonb, so it would fail as a 500 past validation), a prototype key in any object
 * (free-form objects such as settings and metadata are copied key by key), or nesting deeper than
 * {@link MAX_INPUT_DEPTH}. Undefined when the input is clean. `path` names the part (`body`, `query`,
 * `params`) and prefixes the issue's path, as schema issues are named.
 */
export function findUnsafeInput(value: unknown, path: string): FieldIssue | undefined {
  const found = inspect(value, 0);
  return found && { path: [path, ...found.at.reverse()].join("."), message: found.message };
}

/** An unsafe value and where it is, innermost key first (the path is only built for a refusal). */
interface Found {
  message: string;
  at: string[];
}

function inspect(value: unknown, depth: number): Found | undefined {
  if (typeof value === "string")
    return value.includes(NUL) ? { message: "must not contain NUL characters", at: [] } : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  if (depth >= MAX_INPUT_DEPTH) return { message: `nests deeper than ${MAX_INPUT_DEPTH} levels`, at: [] };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = inspect(value[index], depth + 1);
      if (found) return { message: found.message, at: [...found.at, String(index)] };
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_KEYS.has(key))
      return { message: "is a reserved key (__proto__, constructor and prototype are refused)", at: [key] };
    if (key.includes(NUL)) return { message: "has a key holding a NUL character", at: [] };
    const found = inspect((value as Record<string, unknown>)[key], depth + 1);
    if (found) return { message: found.message, at: [...found.at, key] };
  }
  return undefined;
}
