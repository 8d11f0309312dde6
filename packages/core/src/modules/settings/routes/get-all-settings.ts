import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

export const getAllSettingsRoute = ({ services }: RouteContext) =>
  router("Settings", "/settings")
    .get("/", {
      summary: "Read every settings group",
      description: "Group name to its value; groups never set are absent.",
    })
    .permission("settings:manage")
    .output(z.record(z.string(), z.record(z.string(), z.unknown())))
    .handler(async ({ organizationId }) => ({ data: await services.settings.getAll(organizationId) }))
    .build();
