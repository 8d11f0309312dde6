import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import type { Registries } from "../../../kernel/registries.js";

const body = z
  .record(z.string().min(1).max(100), z.unknown())
  .refine((value) => Object.keys(value).length <= 200, "at most 200 keys per patch");

const describeGroups = ({ settings }: Registries): string =>
  [...settings]
    .map(([group, { schema, module }]) => `\`${group}\` (${Object.keys(schema.shape).join(", ")}; from ${module})`)
    .join(", ");

export const patchSettingsGroupRoute = ({ services, registries }: RouteContext) =>
  router("Settings", "/settings")
    .patch("/:group", {
      summary: "Patch a settings group",
      description: [
        "Shallow merge: each key replaces its value, a null value deletes the key, other keys stay.",
        "Declared groups are validated against their schema (422, nothing written):",
        `${describeGroups(registries)}. Other groups accept any object. Answers the group's new value.`,
      ].join(" "),
    })
    .permission("settings:manage")
    .input(body)
    .output(z.record(z.string(), z.unknown()))
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.settings.patchGroup(organizationId, params.group, input, actor),
    }))
    .build();
