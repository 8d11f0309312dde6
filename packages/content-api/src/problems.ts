import type { Problem, ProblemCode } from "./schemas/problem.js";

/** The catalog of problem types: one entry per code, documented at `/developers#errors-<code>`. */
export const PROBLEM_TYPES: Record<ProblemCode, { status: number; title: string; resolution: string; when: string }> = {
  not_found: {
    status: 404,
    title: "Not found",
    resolution: "Check the path against GET /api, which lists every endpoint.",
    when: "An unknown article slug, or any path that does not exist.",
  },
  invalid_request: {
    status: 400,
    title: "Invalid request",
    resolution:
      "Fix the query parameters as the detail says; GET /openapi.json documents every parameter and its range.",
    when: "A missing or empty `q`, or a `limit` or `offset` that is not an integer inside its range.",
  },
  method_not_allowed: {
    status: 405,
    title: "Method not allowed",
    resolution: "This API is read-only: send GET (or OPTIONS for a CORS preflight).",
    when: "Any method other than GET or OPTIONS (HEAD is served as a body-less GET).",
  },
  internal_error: {
    status: 500,
    title: "Internal server error",
    resolution: "Retry later; the failure is logged on the server.",
    when: "An unexpected fault on the server. Not expected in normal operation.",
  },
};

/** A failure the API answers with a problem document rather than a crash. */
export class ContentProblem extends Error {
  override readonly name = "ContentProblem";
  readonly code: ProblemCode;
  readonly status: number;
  readonly resolution: string;
  readonly availableSlugs: readonly string[] | undefined;

  constructor(options: { code: ProblemCode; detail: string; resolution?: string; availableSlugs?: readonly string[] }) {
    super(options.detail);
    const type = PROBLEM_TYPES[options.code];
    this.code = options.code;
    this.status = type.status;
    this.resolution = options.resolution ?? type.resolution;
    this.availableSlugs = options.availableSlugs;
  }

  /** The RFC 9457 body for this problem. */
  toProblem(options: { baseUrl: string; instance?: string }): Problem {
    return {
      type: `${options.baseUrl}/developers/#errors-${this.code}`,
      title: PROBLEM_TYPES[this.code].title,
      status: this.status,
      detail: this.message,
      code: this.code,
      resolution: this.resolution,
      ...(options.instance !== undefined ? { instance: options.instance } : {}),
      ...(this.availableSlugs ? { availableSlugs: [...this.availableSlugs] } : {}),
    };
  }
}
