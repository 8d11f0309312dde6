import { z } from "zod";

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventId: z.uuid(),
  eventType: z.string(),
  webhookId: z.string(),
  status: z.enum(["pending", "retrying", "succeeded", "failed"]),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * The body of `POST /webhooks` (and, partial, of `PATCH`): `events` takes the events the manifests
 * declared (`Registries.events`), listed in the document and in the 422 for any other.
 */
export function endpointInputSchema(eventNames: readonly string[]) {
  const available = `one of the declared events (${eventNames.join(", ")})`;
  return z.object({
    url: z.url({ protocol: /^https?$/, message: "must be an http or https URL" }).max(2000),
    events: z
      .array(
        z.enum(eventNames, {
          error: (issue) =>
            `${typeof issue.input === "string" ? `"${issue.input.slice(0, 100)}" is not declared; use` : "must be"} ${available}`,
        }),
      )
      .min(1)
      .max(eventNames.length)
      .refine((events) => new Set(events).size === events.length, { message: "must not repeat an event" }),
    description: z.string().max(500).optional(),
    isActive: z.boolean().optional(),
  });
}

export const endpointIdParams = z.object({ id: z.uuid() });
