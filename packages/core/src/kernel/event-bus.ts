import type { InsertQueryBuilder, InsertResult, RawBuilder, Transaction } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import type { Actor } from "./actor.js";
import type { DomainEvents, EventName } from "./domain-events.js";
import type { Services } from "./services.js";
import type { TxOptions } from "./transaction.js";

/** A domain event as stored in the outbox and handed to subscribers. */
export interface DomainEvent<P = Record<string, unknown>> {
  id: string;
  organizationId: string;
  /** Event name from the spec's table, e.g. `catalog.create`. */
  type: string;
  /** The aggregate the event is about, for the audit log and webhook consumers. */
  entityType: string;
  entityId: string;
  payload: P;
  actorId: string | null;
  actorType: Actor["type"] | null;
  occurredAt: Date;
}

export interface EmitInput<Name extends EventName = EventName> {
  organizationId: string;
  /** A name declared in `DomainEvents` by the module that emits it. */
  type: Name;
  entityType: string;
  entityId: string;
  payload: DomainEvents[Name];
  actor: Actor | null;
}

/**
 * Reacts to events inside the emitting transaction, so whatever it writes (audit entries, webhook jobs)
 * commits or rolls back with the change itself.
 */
export interface EventSubscriber {
  /** A declared event name, or `*` for every event. */
  event: EventName | "*";
  handler(event: DomainEvent, context: { trx: Transaction<CoreTables>; services: Services }): Promise<void>;
}

/** Emits domain events; built by `createEventBus` (`create-event-bus.ts`). */
export interface EventBus {
  /**
   * Stores the event in the outbox table and runs the subscribers, all inside `options.trx`: the change's
   * own transaction, so the event commits or rolls back with it.
   */
  emit<Name extends EventName>(
    input: EmitInput<Name>,
    options: Required<TxOptions>,
  ): Promise<DomainEvent<DomainEvents[Name]>>;
  /**
   * `emit` for an event whose payload holds a value only the writing statement computes: the order's
   * gapless number, taken in the order's own statement because its counter row stays locked until
   * commit (every round trip after it makes a store's checkouts wait longer on one another). `write`
   * runs that statement with the event's outbox row in it (`outboxRow`, given the stored payload as a
   * SQL expression) and answers the payload as stored, which must be the same; the subscribers then run
   * as after `emit`. Answers `write`'s result.
   */
  emitWithin<Name extends EventName, T>(
    input: Omit<EmitInput<Name>, "payload">,
    write: (outboxRow: OutboxRow) => Promise<{ result: T; payload: DomainEvents[Name] }>,
    options: Required<TxOptions>,
  ): Promise<T>;
}

/** An event's outbox row, as an insert to put in another statement (a common table expression). */
export type OutboxRow = (payload: RawBuilder<string>) => InsertQueryBuilder<CoreTables, "domainEvents", InsertResult>;
