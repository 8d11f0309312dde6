import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { paymentInput, paymentResultSchema, planIdParams } from "../layaway-schemas.js";

export const recordPaymentRoute = ({ services }: RouteContext) =>
  router("Layaway", "/layaways")
    .post("/:id/payments", {
      summary: "Record a layaway installment",
      description: [
        "Through the manual adapter. The payment reaching the total completes the plan and makes its order (stock",
        "converted from the reservations, order confirmed) in the same transaction. More than the balance is a 422;",
        "a plan not active or past its deadline a 409; nothing is written then.",
      ].join(" "),
    })
    .permission("layaway:operate", "orders:create")
    .params(planIdParams)
    .input(paymentInput)
    .output(paymentResultSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.layaways.pay(organizationId, actor, params.id, input),
    }))
    .build();
