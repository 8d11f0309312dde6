import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { priceSchema, upsertPriceInput } from "../pricing-schemas.js";

export const upsertPriceRoute = ({ services }: RouteContext) =>
  router("Pricing", "/pricing")
    .post("/prices", {
      summary: "Set a price",
      description: [
        "One price per (entity, variant, currency, customer group): 201 when created (pricing.create), 200 when an",
        "existing price was updated (pricing.update). `amount` is in minor units.",
      ].join(" "),
    })
    .permission("pricing:create")
    .input(upsertPriceInput)
    .output(priceSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor, reply }) => {
      const { price, isCreated } = await services.pricing.upsertPrice(organizationId, input, actor);
      if (!isCreated) return void (await reply.status(200).send({ data: price }));
      return { data: price };
    })
    .build();
