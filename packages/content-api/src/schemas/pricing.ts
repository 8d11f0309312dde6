import { z } from "zod";
import { openApiRegistry } from "./open-api-registry.js";

const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .describe("ISO 4217 code");
const amount = z.int().min(0);

/** A priced project shape inside a plan. */
export const ProjectTypeSchema = z.object({
  name: z.string().min(1),
  priceDisplay: z.string().min(1).describe("published text"),
  priceMin: amount.describe("in the plan currency"),
  priceMax: amount.describe("in the plan currency"),
  timeline: z.string().min(1).describe("typical delivery time as text"),
});
export type ProjectType = z.infer<typeof ProjectTypeSchema>;

/** The plan ids: `launch` is the one-time fixed-quote project, `build` the monthly subscription. */
export const PLAN_IDS = ["launch", "build"] as const;

/** One of the two plans. */
export const PlanSchema = z.object({
  id: z.enum(PLAN_IDS).describe("stable plan identifier"),
  name: z.string().min(1).describe("plan name as published"),
  type: z.enum(["one-time project", "monthly subscription"]).describe("how the plan is bought"),
  currency: currency.describe("ISO 4217 code for every figure in the plan"),
  priceMin: amount.describe("low end of the plan band"),
  priceMax: amount.describe("high end of the plan band"),
  priceDisplay: z.string().min(1).describe("band as published text"),
  billing: z.string().min(1).describe("payment rhythm and deposit terms"),
  firstDelivery: z.string().min(1).describe("typical time to first delivery"),
  activeRequests: z.string().min(1).describe("how many pieces of work run at once"),
  bestFor: z.string().min(1).describe("who the plan suits"),
  projectTypes: z.array(ProjectTypeSchema).describe("priced project shapes inside the plan"),
});
export type Plan = z.infer<typeof PlanSchema>;

/** Response of `GET /api/pricing`. */
export const PricingSchema = z.object({
  currency,
  summary: z.string().optional().describe("one sentence on the pricing model"),
  plans: z.array(PlanSchema).describe("the two plans"),
  pricingMarkdownUrl: z.url().describe("URL of the prose pricing document"),
  pricingMarkdown: z.string().optional().describe("full text of the prose pricing document"),
});
export type Pricing = z.infer<typeof PricingSchema>;

openApiRegistry.add(ProjectTypeSchema, { id: "ProjectType" });
openApiRegistry.add(PlanSchema, { id: "Plan" });
openApiRegistry.add(PricingSchema, { id: "Pricing" });
