import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

export const getSettingsGroupRoute = ({ services }: RouteContext) =>
  router("Settings", "/settings")
    .get("/:group", { summary: "Read a settings group", description: "`{}` when the group was never set." })
    .permission("settings:manage")
    .output(z.record(z.string(), z.unknown()))
    .handler(async ({ params, organizationId }) => ({
      data: await services.settings.get(organizationId, params.group),
    }))
    .build();
