import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { currencySchema } from "../../../money/currency-schema.js";
import { customerGroupIdSchema } from "../../pricing/index.js";
import { codeSchema } from "../promotions-schemas.js";
import { validationCustomer } from "../validation-customer.js";
import { canSeeUnpublished } from "../../catalog/index.js";

// Client prices (`unitPrice`, `totalPrice`, `subtotal`) are not part of the schema: they are stripped,
// and every price comes from the pricing service.
const body = z.object({
  code: codeSchema,
  /** Codes already on the cart, applied before `code` in this order (stacking). */
  appliedCodes: z.array(codeSchema).max(10).default([]),
  currency: currencySchema,
  lineItems: z
    .array(
      z.object({
        entityId: z.uuid(),
        variantId: z.uuid().nullable().optional(),
        entityType: z.string().max(100).optional(),
        quantity: z.number().int().min(1).max(10_000),
      }),
    )
    .min(1)
    .max(100),
  /** A signed-in customer is checked as themselves (another id is a 403); a guest's id only counts per-customer limits. */
  customerId: z.string().min(1).max(200).optional(),
  /** Only with `orders:create:on-behalf` (403 otherwise): the groups come from the customer's profile. */
  customerGroupIds: z.array(customerGroupIdSchema).max(100).optional(),
});

const outcome = z.object({
  code: z.string(),
  promotionId: z.string(),
  type: z.string(),
  isApplicable: z.boolean(),
  reason: z.string().nullable(),
  discount: z.number().int(),
});

const answer = outcome.extend({
  isFreeShipping: z.boolean(),
  currency: z.string(),
  /** Sum of the server-priced lines, before any discount. */
  subtotal: z.number().int(),
  lines: z.array(
    z.object({
      entityId: z.string(),
      variantId: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      totalPrice: z.number().int(),
      discount: z.number().int(),
    }),
  ),
  appliedCodes: z.array(outcome),
  /** Discount of `appliedCodes` and `code` together. */
  totalDiscount: z.number().int(),
});

export const validatePromotionRoute = ({ services }: RouteContext) =>
  router("Promotions", "/promotions")
    .post("/validate", {
      summary: "Check a promotion code against a cart",
      description: [
        "Prices each line with the pricing service (client prices are ignored), applies `appliedCodes` then `code`,",
        "and answers whether `code` applies, why not (`reason`), and its discount line by line.",
        "Redeems nothing. An unknown code is a 404; so is a line naming an entity that does not exist or, for a caller",
        "without catalog:read:unpublished, is not published (the same answer). Customer groups come from the signed-in",
        "customer's profile (guests: none); `customerGroupIds`, and a `customerId` other than a signed-in caller's",
        "own, need `orders:create:on-behalf` (403).",
      ].join(" "),
    })
    .input(body)
    .output(answer)
    .handler(async ({ input, organizationId, actor }) => {
      const { customerId, customerGroupIds } = await validationCustomer(services, {
        organizationId,
        actor,
        customerId: input.customerId,
        customerGroupIds: input.customerGroupIds,
      });
      const evaluation = await services.promotions.evaluate({
        organizationId,
        currency: input.currency,
        lineItems: input.lineItems,
        customerId,
        customerGroupIds,
        codes: [...input.appliedCodes, input.code],
        // A storefront must not learn that an unpublished entity exists, nor its price: 404 as for none.
        isUnpublishedVisible: canSeeUnpublished(actor),
      });
      const mine = evaluation.promotions.at(-1) as (typeof evaluation.promotions)[number];
      return {
        data: {
          ...mine,
          currency: evaluation.currency,
          subtotal: evaluation.subtotal,
          lines: evaluation.lines.map((line, i) => ({ ...line, discount: mine.lineDiscounts[i] ?? 0 })),
          appliedCodes: evaluation.promotions.slice(0, -1),
          totalDiscount: evaluation.totalDiscount,
        },
      };
    })
    .build();
