import { z } from "zod";
import { openApiRegistry } from "./open-api-registry.js";

/** The four service lines, in the order the studio presents them. */
export const SERVICE_IDS = ["saas_mvp", "ai_agent", "automation", "internal_tool"] as const;

/** One of the studio's service lines. */
export const ServiceLineSchema = z.object({
  id: z.enum(SERVICE_IDS),
  name: z.string().min(1),
  summary: z.string().min(1),
  averageDelivery: z.string().min(1).describe("a duration as text"),
});
export type ServiceLine = z.infer<typeof ServiceLineSchema>;

/** Response of `GET /api/services`. */
export const ServiceListSchema = z.object({
  count: z.int().min(0),
  services: z.array(ServiceLineSchema),
});
export type ServiceList = z.infer<typeof ServiceListSchema>;

openApiRegistry.add(ServiceLineSchema, { id: "ServiceLine" });
openApiRegistry.add(ServiceListSchema, { id: "ServiceList" });
