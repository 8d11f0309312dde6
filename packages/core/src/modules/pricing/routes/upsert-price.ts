import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { amountSchema, currencySchema, customerGroupIdSchema, priceSchema } from "../pricing-schemas.js";

const body = z.object({
  entityId: z.uuid(),
  variantId: z.uuid().nullable().optional(),
  currency: currencySchema,
  customerGroupId: customerGroupIdSchema.nullable().optional(),
  amount: amountSchema,
});

export const upsertPriceRoute = ({ services }: RouteContext) =>
  router("Pricing", "/pricing")
    .post("/prices", {
      summary: "Set a price",
      description:
        "One price per (entity, variant, currency, customer group): 201 when created (pricing.create), 200 when an existing price was updated (pricing.update). `amount` is in minor units.",
    })
    .permission("pricing:create")
    .input(body)
    .output(priceSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor, reply }) => {
      const { price, isCreated } = await services.pricing.upsertPrice(organizationId, input, actor);
      if (!isCreated) return void (await reply.status(200).send({ data: price }));
      return { data: price };
    })
    .build();
