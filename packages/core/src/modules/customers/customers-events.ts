import { z } from "zod";
import { defineEvents } from "../../kernel/domain-events.js";
import { customerAddressSchema, customerSchema } from "./customers-schemas.js";

/** What changed on a profile, for `customers.update`. */
export const customerChangeSchema = z.enum([
  "profileUpdated",
  "groupsChanged",
  "addressAdded",
  "addressUpdated",
  "addressRemoved",
]);

/** Customers' events that webhook endpoints may subscribe to (the spec's table). */
export const customersEvents = defineEvents({
  "customers.create": {
    description: "A customer profile is created",
    payload: z.object({
      customer: customerSchema,
      /** `signUp`: the auth package made a member with the sign-up role; `staff`: `POST /customers`; `ensureProfile`: a signed-in user's first visit. */
      via: z.enum(["signUp", "staff", "ensureProfile"]),
    }),
  },
  "customers.update": {
    description: "A customer profile is updated",
    payload: z.object({
      change: customerChangeSchema,
      /** The profile after the change. */
      customer: customerSchema,
      /** The profile before, for `profileUpdated` and `groupsChanged`. */
      before: customerSchema.optional(),
      /** The address added, changed or removed. */
      address: customerAddressSchema.optional(),
    }),
  },
});
