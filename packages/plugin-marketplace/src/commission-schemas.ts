import { z } from "zod";
import { paginationQuery } from "@unified-commerce/plugin-sdk";
import { commissionTypeSchema } from "./sub-order-schemas.js";

/**
 * A commission rule. The rule applied to an order line is the active one of highest `priority` among
 * those that match it: a rule naming a vendor matches that vendor's lines only, one naming a category
 * the lines of entities in that category only, and one naming neither (a default) every line. Between
 * rules of one priority, the more specific wins (vendor and category, then vendor, then category, then
 * default), then the oldest. `percentage`: `rateBps` basis points of the line's total; `fixed`: `amount`
 * per unit. A commission never exceeds the line's total.
 */
export const commissionRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: commissionTypeSchema,
  rateBps: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  vendorId: z.string().nullable(),
  categoryId: z.string().nullable(),
  priority: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const ruleFields = {
  name: z.string().trim().min(1).max(200),
  type: commissionTypeSchema,
  /** 0 to 10000 (100%). */
  rateBps: z.number().int().min(0).max(10_000).nullable(),
  /** Minor units per unit sold. */
  amount: z.number().int().min(0).max(1_000_000_000).nullable(),
  vendorId: z.uuid().nullable(),
  categoryId: z.uuid().nullable(),
  priority: z.number().int().min(-1000).max(1000),
  isActive: z.boolean(),
};

type RuleShape = {
  type?: "percentage" | "fixed" | undefined;
  rateBps?: number | null | undefined;
  amount?: number | null | undefined;
};

/** A percentage rule carries `rateBps` and no `amount`; a fixed one the reverse. */
export const ruleIssue = (rule: RuleShape): { path: string; message: string } | null => {
  if (rule.type === "percentage" && (rule.rateBps === null || rule.rateBps === undefined))
    return { path: "body.rateBps", message: "A percentage rule needs rateBps" };
  if (rule.type === "percentage" && rule.amount !== null && rule.amount !== undefined)
    return { path: "body.amount", message: "A percentage rule takes no amount" };
  if (rule.type === "fixed" && (rule.amount === null || rule.amount === undefined))
    return { path: "body.amount", message: "A fixed rule needs amount" };
  if (rule.type === "fixed" && rule.rateBps !== null && rule.rateBps !== undefined)
    return { path: "body.rateBps", message: "A fixed rule takes no rateBps" };
  return null;
};

export const createCommissionRuleInput = z
  .object({
    ...ruleFields,
    rateBps: ruleFields.rateBps.optional(),
    amount: ruleFields.amount.optional(),
    vendorId: ruleFields.vendorId.optional(),
    categoryId: ruleFields.categoryId.optional(),
    priority: ruleFields.priority.default(0),
    isActive: ruleFields.isActive.default(true),
  })
  .superRefine((rule, context) => {
    const issue = ruleIssue(rule);
    if (issue) context.addIssue({ code: "custom", message: issue.message, path: [issue.path.replace("body.", "")] });
  });

/** `PATCH /commission-rules/:id`: the merged rule must still be whole (checked by the service: 422). */
export const updateCommissionRuleInput = z
  .object(ruleFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Name at least one field");

export const listCommissionRulesQuery = paginationQuery.extend({ vendorId: z.uuid().optional() });
