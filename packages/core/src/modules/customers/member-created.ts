import { z } from "zod";
import type { EventPayloadsOf } from "../../kernel/domain-events.js";
import type { customersEvents } from "./customers-events.js";

/**
 * Payload of `members.create`, which the authentication package emits in the transaction that makes
 * someone a member of an organization (sign-up, OAuth first sign-in, the CLI, accepting an invitation). The
 * customers module subscribes to it and gives members of the sign-up role a profile in that same
 * transaction, so it is declared here, beside its reader, and the auth package emits this shape.
 */
export const memberCreatedPayloadSchema = z.object({
  after: z.object({ role: z.string() }),
  /** The person, so subscribers need not read the authentication package's tables. */
  user: z.object({ id: z.string().min(1), email: z.string(), name: z.string() }),
  /** Whether `role` is the one sign-up hands out (a shopper). Staff roles get no customer profile. */
  isSignUpRole: z.boolean(),
});

/** See {@link memberCreatedPayloadSchema}. */
export type MemberCreatedPayload = z.output<typeof memberCreatedPayloadSchema>;

declare module "../../kernel/domain-events.js" {
  interface DomainEvents extends EventPayloadsOf<typeof customersEvents> {
    /** Someone joins an organization (emitted by the authentication package; audit only, not a webhook event). */
    "members.create": MemberCreatedPayload;
    /** Customer groups change (audit only, not webhook events); membership changes are `customers.update`. */
    "customers.groupCreate": Record<string, unknown>;
    "customers.groupUpdate": Record<string, unknown>;
    "customers.groupDelete": Record<string, unknown>;
  }
}
