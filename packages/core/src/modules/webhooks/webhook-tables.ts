import type { Generated } from "kysely";
import type { Json, Timestamp } from "../../db/core-tables.js";

export type WebhookTables = {
  webhookEndpoints: {
    id: string;
    organizationId: string;
    url: string;
    events: Json<string[]>;
    description: string | null;
    /** The signing secret, encrypted with the kernel's secret box: the server must read it to sign. */
    secretSealed: string;
    isActive: Generated<boolean>;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
  webhookDeliveries: {
    id: string;
    organizationId: string;
    endpointId: string;
    eventId: string;
    eventType: string;
    /** `webhook-id`: one per event, the same on every retry so receivers can deduplicate. */
    webhookId: string;
    /** The exact body, frozen when the event happened, so every retry sends the same bytes. */
    body: string;
    status: "pending" | "retrying" | "succeeded" | "failed";
    attempts: Generated<number>;
    lastStatus: number | null;
    lastError: string | null;
    lastDurationMs: number | null;
    lastAttemptAt: Date | null;
    deliveredAt: Date | null;
    createdAt: Timestamp;
  };
};
