import { z } from "zod";
import { router, withHookErrors, type RouteContext } from "@unified-commerce/plugin-sdk";
import { surfacingFailures } from "../service-failure.js";

const exchangeInput = z.object({
  orderId: z.uuid(),
  /** Units of the order's lines coming back. */
  returnLines: z
    .array(z.object({ lineItemId: z.uuid(), quantity: z.number().int().min(1).max(1_000_000) }))
    .min(1)
    .max(100),
  /** What the customer takes instead; priced by the server. */
  replacementLines: z
    .array(
      z.object({
        entityId: z.uuid(),
        variantId: z.uuid().nullable().optional(),
        quantity: z.number().int().min(1).max(999),
      }),
    )
    .min(1)
    .max(100),
  /** Where the returned units go back on the shelf. */
  warehouseId: z.uuid(),
  reason: z.string().max(500).optional(),
});

const lineSchema = z.object({
  lineItemId: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  total: z.number().int(),
});

const exchangeSchema = z.object({
  refund: z.object({
    id: z.string(),
    orderId: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    actorId: z.string(),
    status: z.string(),
  }),
  replacement: z.object({
    id: z.string(),
    number: z.string(),
    status: z.string(),
    currency: z.string(),
    total: z.number().int(),
    paymentMethodId: z.string(),
    lines: z.array(lineSchema),
  }),
  difference: z.number().int(),
  settledAtTill: z.number().int(),
});

export const createExchangeRoute = ({ services }: RouteContext) =>
  router("Point of sale", "/pos")
    .post("/exchanges", {
      summary: "Exchange lines of an order for a new order",
      description: [
        "In ONE transaction: refunds the returned units (as `POST /api/orders/:id/refunds` would: 422 beyond the",
        "refundable quantity, 403 past the daily cap, 409 for an order that cannot be refunded), returns them to stock",
        "in `warehouseId`, and checks a new cart of the replacement lines out with the `manual` adapter (server",
        "prices, tax, promotions, the guarded stock take: 422 CHECKOUT_FAILED `OUT_OF_STOCK`). The replacement is",
        "placed as paid (`confirmed`), and the refund is final (no undo window: undoing it alone would make returned",
        "units refundable twice). Any refusal leaves nothing written. The replacement's `orders.afterCreate` hooks run",
        "after the commit; their failures come back in `meta.hookErrors`. `difference` is the replacement's total",
        "minus the refund; `settledAtTill` what the till charges (positive) or pays out (negative).",
      ].join(" "),
    })
    .permission("pos:manage", "orders:update", "orders:create")
    .input(exchangeInput)
    .output(exchangeSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) =>
      surfacingFailures(async () =>
        withHookErrors(await services.pos.exchanges.exchange({ organizationId, actor, ...input })),
      ),
    )
    .build();
