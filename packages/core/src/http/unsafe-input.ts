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
  return inspect(value, path, 0);
}

function inspect(value: unknown, path: string, depth: number): FieldIssue | undefined {
  if (typeof value === "string") return value.includes(NUL) ? { path, message: "must not contain NUL characters" } : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  if (depth >= MAX_INPUT_DEPTH) return { path, message: `nests deeper than ${MAX_INPUT_DEPTH} levels` };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const issue = inspect(value[index], `${path}.${index}`, depth + 1);
      if (issue) return issue;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_KEYS.has(key)) return { path: `${path}.${key}`, message: "is a reserved key (__proto__, constructor and prototype are refused)" };
    if (key.includes(NUL)) return { path, message: "has a key holding a NUL character" };
    const issue = inspect((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
    if (issue) return issue;
  }
  return undefined;
}
