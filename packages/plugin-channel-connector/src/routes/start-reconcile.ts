import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { connectionIdParams, connectionSchema } from "../channel-schemas.js";

export const startReconcileRoute = ({ services }: RouteContext) =>
  router("Channels", "/channels")
    .post("/:id/reconcile", {
      summary: "Reconcile the channel with this store",
      description: [
        "Enqueues `channel/reconcile`: one page of listings per run, each compared with this store (available stock,",
        "base price in the connection's currency) and repaired on the channel when it drifted;",
        "listings of deleted entities are dropped, listings the channel lost are reported. The report shows on",
        "`GET /api/channels/:id` as `reconcile`. A reconcile under way resumes. 202.",
      ].join(" "),
    })
    .permission("channels:manage")
    .params(connectionIdParams)
    .output(connectionSchema)
    .status(202)
    .handler(async ({ params, organizationId }) => {
      await services.channels.startReconcile(organizationId, params.id);
      return { data: await services.channels.get(organizationId, params.id) };
    })
    .build();
