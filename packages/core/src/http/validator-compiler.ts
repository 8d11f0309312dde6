import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { AppError } from "../kernel/app-error.js";
import { VALIDATION_CONTEXT } from "./error-response.js";
import { findUnsafeInput } from "./unsafe-input.js";

/**
 * zod's validator compiler, with the API's rules for any input applied first ({@link findUnsafeInput}: no
 * NUL character, no prototype key, bounded depth), so no route's schema has to remember them. Bodies are
 * checked as they are parsed (`parseJsonBody`), for routes with and without a body schema alike; the query
 * string and path parameters here, only for routes that declare them.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart === undefined || route.httpPart === "body") return validate;
  const part = VALIDATION_CONTEXT[route.httpPart] ?? route.httpPart;
  return (data: unknown) => {
    const issue = findUnsafeInput(data, part);
    return issue ? { error: AppError.validation([issue]) } : validate(data);
  };
};
