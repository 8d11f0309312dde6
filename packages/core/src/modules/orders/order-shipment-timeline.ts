import type { Actor } from "../../kernel/actor.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { appendTimeline } from "./order-timeline.js";

/** A shipment's news as the shipping module tells the order's timeline. */
export interface ShipmentTimelineInput {
  organizationId: string;
  orderId: string;
  /** Staff who cancelled it; null for the job and the carrier's webhook. */
  actor: Pick<Actor, "id" | "type"> | null;
  /** One human line: "Shipment TP1234 in transit (Leipzig hub)". */
  summary: string;
  /** `{ shipmentId, change, status, ... }`: what the provider sent, as it sent it. */
  data: Record<string, unknown>;
}

/**
 * The orders module owns its timeline; the shipping module writes `shipment` entries through this method,
 * in its own transaction (the tracking event, the recorded shipment or the cancellation), so an entry
 * exists exactly when what it tells of committed.
 */
export function createOrderShipmentTimeline() {
  return {
    async appendShipmentTimeline(input: ShipmentTimelineInput, { trx }: Required<TxOptions>): Promise<void> {
      await appendTimeline(trx, { ...input, type: "shipment" });
    },
  };
}
