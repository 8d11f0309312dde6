import { z } from "zod";
import { openApiRegistry } from "./open-api-registry.js";

/** The stable machine-readable codes of every problem this API answers. */
export const PROBLEM_CODES = ["not_found", "invalid_request", "method_not_allowed", "internal_error"] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** Body of every non-2xx response (RFC 9457 Problem Details), served as `application/problem+json`. */
export const ProblemSchema = z.object({
  type: z.url().describe("problem type identifier: {base_url}/developers/#errors-<code>"),
  title: z.string().describe("short summary of the problem type"),
  status: z.int().min(400).max(599).describe("HTTP status code"),
  detail: z.string().describe("explanation specific to this occurrence"),
  code: z.enum(PROBLEM_CODES).describe("stable machine-readable code"),
  resolution: z.string().describe("what the caller should do next"),
  instance: z.string().optional().describe("the request path that produced the problem"),
  availableSlugs: z
    .array(z.string())
    .optional()
    .describe("on an unknown article slug: every published slug (an RFC 9457 extension member)"),
});
export type Problem = z.infer<typeof ProblemSchema>;

openApiRegistry.add(ProblemSchema, { id: "Problem" });
