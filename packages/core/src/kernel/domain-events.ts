import type { z } from "zod";

/** The payload of a domain event whose module declares no sharper type. */
export type DomainEventPayload = Record<string, unknown>;

/**
 * Payload types of the domain events, by name. The module that emits an event declares it here by
 * augmentation, so `events.emit({ type })` accepts declared names only and types the payload:
 *
 * ```ts
 * declare module "@unified-commerce/plugin-sdk" { interface DomainEvents extends EventPayloadsOf<typeof payoutEvents> {} }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

/** A declared domain event name. */
export type EventName = keyof DomainEvents & string;

/** A domain event a manifest offers to webhook endpoints (its `events`). */
export interface EventDeclaration {
  /** What happened, for whoever picks events to subscribe to. */
  description: string;
  /** The payload's shape: documents it and types it through `EventPayloadsOf`. Not checked on emit. */
  payload?: z.ZodType<DomainEventPayload>;
}

/** A manifest's `events`: event name to declaration. */
export type EventDeclarations = Readonly<Record<string, EventDeclaration>>;

/**
 * Declares the events a module offers to webhook endpoints. Returns the table as given (put it in the
 * manifest's `events`) with its names kept literal for `EventPayloadsOf`.
 */
export function defineEvents<const T extends EventDeclarations>(events: T): T {
  return events;
}

/** Payload types of a declared table, for `interface DomainEvents extends EventPayloadsOf<typeof table> {}`. */
export type EventPayloadsOf<T extends EventDeclarations> = {
  [Name in keyof T]: T[Name] extends { payload: infer Schema extends z.ZodType<DomainEventPayload> }
    ? z.output<Schema>
    : DomainEventPayload;
};
