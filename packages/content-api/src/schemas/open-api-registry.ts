import { z } from "zod";

/**
 * Every response schema registers here under its OpenAPI component name, so `/openapi.json` is generated
 * from the same zod schemas that validate content and type the handlers.
 */
export const openApiRegistry = z.registry<{ id: string }>();
