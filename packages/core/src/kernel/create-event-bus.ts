import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import { queryTemplate } from "../db/query-template.js";
import { accountableActor } from "./actor.js";
import type { DomainEvent, EmitInput, EventBus, EventSubscriber } from "./event-bus.js";
import type { Services } from "./services.js";

type StoredEvent = Omit<DomainEvent, "payload"> & { payload: string };

const insertEvent = queryTemplate((db, event: StoredEvent) =>
  db.insertInto("domainEvents").values({
    id: event.id,
    organizationId: event.organizationId,
    type: event.type,
    entityType: event.entityType,
    entityId: event.entityId,
    payload: event.payload,
    actorId: event.actorId,
    actorType: event.actorType,
    occurredAt: event.occurredAt,
  }),
);

/** Writes each event to the outbox and runs the subscribers, in their order, on the emitting transaction. */
export function createEventBus(subscribers: readonly EventSubscriber[], services: Services): EventBus {
  const describe = (input: Omit<EmitInput, "payload">): Omit<DomainEvent, "payload"> => {
    // The audit log and webhooks name the person behind a user-bound key, not the key.
    const actor = input.actor ? accountableActor(input.actor) : null;
    return {
      id: randomUUID(),
      organizationId: input.organizationId,
      type: input.type,
      entityType: input.entityType,
      entityId: input.entityId,
      actorId: actor?.id ?? null,
      actorType: actor?.type ?? null,
      occurredAt: new Date(),
    };
  };
  const notify = async (event: DomainEvent, trx: Transaction<CoreTables>) => {
    for (const subscriber of subscribers) {
      if (subscriber.event === "*" || subscriber.event === event.type)
        await subscriber.handler(event, { trx, services });
    }
  };
  return {
    async emit(input, { trx }) {
      const event = { ...describe(input), payload: input.payload };
      await insertEvent.execute(trx, { ...event, payload: JSON.stringify(event.payload) });
      await notify(event, trx);
      return event;
    },
    async emitWithin(input, write, { trx }) {
      const described = describe(input);
      const { result, payload } = await write((stored) =>
        trx.insertInto("domainEvents").values({ ...described, payload: stored }),
      );
      await notify({ ...described, payload }, trx);
      return result;
    },
  };
}
