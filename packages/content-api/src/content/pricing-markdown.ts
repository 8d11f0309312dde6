import type { Plan } from "../schemas/pricing.js";
import type { PricingSource } from "./source-schemas.js";

/**
 * The prose pricing document: the pricing page's markdown view and `pricingMarkdown` are this same text,
 * generated from the pricing data so the figures in prose can never drift from the JSON.
 */
export function pricingMarkdown(options: { pricing: PricingSource; prose: string; studioName: string }): string {
  const { pricing, prose, studioName } = options;
  return [
    `# ${studioName} pricing`,
    "",
    ...(pricing.summary ? [pricing.summary, ""] : []),
    `All figures are in ${pricing.currency}.`,
    "",
    ...pricing.plans.flatMap(planSection),
    prose.trim(),
    "",
  ].join("\n");
}

function planSection(plan: Plan): string[] {
  return [
    `## ${plan.name} (\`${plan.id}\`, ${plan.type})`,
    "",
    `- Price: ${plan.priceDisplay}`,
    `- Billing: ${plan.billing}`,
    `- First delivery: ${plan.firstDelivery}`,
    `- Active requests: ${plan.activeRequests}`,
    `- Best for: ${plan.bestFor}`,
    "",
    "| Project type | Price | Timeline |",
    "|---|---|---|",
    ...plan.projectTypes.map((p) => `| ${p.name} | ${p.priceDisplay} | ${p.timeline} |`),
    "",
  ];
}
