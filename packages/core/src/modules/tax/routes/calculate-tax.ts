import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { amountSchema } from "../../../money/amount-schema.js";

const body = z.object({
  isTaxInclusive: z.boolean(),
  address: z
    .object({ country: z.string().regex(/^[A-Za-z]{2}$/), region: z.string().min(1).max(10).optional() })
    .optional(),
  lines: z
    .array(z.object({ entityId: z.uuid(), variantId: z.uuid().nullable().optional(), amount: amountSchema }))
    .min(1)
    .max(100),
});

const taxedLine = z.object({
  entityId: z.string(),
  variantId: z.string().nullable(),
  taxClassId: z.string().nullable(),
  rateBps: z.number().int(),
  source: z.enum(["variant", "entity", "default", "region", "none"]),
  net: z.number().int(),
  tax: z.number().int(),
  gross: z.number().int(),
});

export const calculateTaxRoute = ({ services }: RouteContext) =>
  router("Tax", "/tax")
    .post("/calculate", {
      summary: "Preview the tax of lines",
      description: [
        "What checkout computes: per line the variant's class, else the entity's, else the default class, else 0 — or,",
        "for organizations without active classes, the configured rate of the address's region or country.",
        "Rounded per line, half away from zero.",
      ].join(" "),
    })
    .permission("tax:manage")
    .input(body)
    .output(
      z.object({
        isTaxInclusive: z.boolean(),
        lines: z.array(taxedLine),
        net: z.number().int(),
        tax: z.number().int(),
        gross: z.number().int(),
      }),
    )
    .handler(async ({ input, organizationId }) => ({
      data: await services.tax.calculate({ ...input, organizationId }),
    }))
    .build();
