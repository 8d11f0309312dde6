import { z } from "zod";
import { openApiRegistry } from "./open-api-registry.js";

/** One endpoint as listed by `GET /api`. */
export const EndpointEntrySchema = z.object({
  method: z.string().describe("HTTP method"),
  path: z.string().describe("path, with `{param}` placeholders"),
  description: z.string(),
});
export type EndpointEntry = z.infer<typeof EndpointEntrySchema>;

/** Response of `GET /api`: what the API is and every endpoint it offers. */
export const ApiIndexSchema = z.object({
  name: z.string().describe("API name"),
  version: z.string().describe("semantic version of this API"),
  openapi: z.url().describe("URL of the interface description"),
  mcp: z.url().optional().describe("URL of the MCP server"),
  documentation: z.url().optional().describe("URL of the developer page"),
  endpoints: z.array(EndpointEntrySchema).describe("every endpoint of the API"),
});
export type ApiIndex = z.infer<typeof ApiIndexSchema>;

openApiRegistry.add(EndpointEntrySchema, { id: "EndpointEntry" });
openApiRegistry.add(ApiIndexSchema, { id: "Index" });
