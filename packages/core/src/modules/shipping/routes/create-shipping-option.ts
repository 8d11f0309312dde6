import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingOptionBody, shippingOptionSchema } from "../shipping-schemas.js";

export const createShippingOptionRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .post("/options", {
      summary: "Create a shipping option",
      description: [
        "Per zone (a delivery) or per warehouse (a pickup: `isPickup: true`, `warehouseId`, no zone), for one profile",
        "(omitted: the default profile, made when the store has none). `calculator`: flat (`amount`), per_item (`amount`",
        "per shippable unit), free_above (`amount`, free from `freeAbove` on), weight_bands (`bands` by grams) or",
        "subtotal_bands (`bands` by discounted subtotal), each read from `rates[currency]`; band edges are inclusive.",
        "`rates[currency].minSubtotal`/`maxSubtotal` and `minWeightGrams`/`maxWeightGrams` limit where it applies.",
        "`taxClassId` taxes the price (null: the default class, else the address's region rate).",
      ].join(" "),
    })
    .permission("shipping:manage")
    .input(shippingOptionBody)
    .output(shippingOptionSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.shipping.createOption(organizationId, input, actor),
    }))
    .build();
