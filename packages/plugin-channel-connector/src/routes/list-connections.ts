import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { connectionSchema, listConnectionsQuery } from "../channel-schemas.js";

export const listConnectionsRoute = ({ services }: RouteContext) =>
  router("Channels", "/channels")
    .get("/", {
      summary: "List channel connections",
      description: "Newest first, with their backfill progress; never their credentials.",
    })
    .permission("channels:manage")
    .query(listConnectionsQuery)
    .output(z.array(connectionSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.channels.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
