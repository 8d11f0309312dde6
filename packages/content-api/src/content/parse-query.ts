import type { z } from "zod";
import { ContentProblem } from "../problems.js";

/**
 * Validates query parameters against a zod schema, turning failures into `invalid_request` problems whose
 * detail names each bad parameter. `integerFields` arrive as strings over HTTP and are converted only when
 * they are plain decimal integers, so `1.5`, `1e2`, ` 5` or a repeated parameter stay invalid.
 */
export function parseQuery<T>(schema: z.ZodType<T>, raw: unknown, integerFields: readonly string[] = []): T {
  const input: Record<string, unknown> = { ...(typeof raw === "object" && raw !== null ? raw : {}) };
  for (const field of integerFields) {
    const value = input[field];
    if (typeof value === "string" && /^-?\d{1,15}$/.test(value)) input[field] = Number(value);
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "query";
    const value = input[name];
    return `${name}: ${describeIssue(issue)}${value === undefined ? "" : ` (got ${JSON.stringify(value)})`}`;
  });
  throw new ContentProblem({ code: "invalid_request", detail: `Invalid query parameters. ${problems.join("; ")}.` });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_small" && issue.origin === "string")
    return `required, at least ${String(issue.minimum)} character`;
  if (issue.code === "too_small") return `must be at least ${String(issue.minimum)}`;
  if (issue.code === "too_big") return `must be at most ${String(issue.maximum)}`;
  if (issue.code === "invalid_type" && issue.input === undefined) return "required";
  if (issue.code === "invalid_type")
    return `must be ${issue.expected === "int" ? "an integer" : `a ${issue.expected}`}`;
  return issue.message;
}
