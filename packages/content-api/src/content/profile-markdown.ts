import type { CompanyProfile } from "../schemas/company-profile.js";
import type { ServiceLine } from "../schemas/service-list.js";

/**
 * The canonical machine-readable reference of the studio: the about page's markdown view and the
 * company profile's `profileMarkdown` are this same text.
 */
export function profileMarkdown(options: {
  company: Omit<CompanyProfile, "profileMarkdown">;
  services: readonly ServiceLine[];
  prose: string;
  pricingMarkdownUrl: string;
}): string {
  const { company, services, prose } = options;
  const facts = [
    `- Legal name: ${company.legalName}`,
    `- Category: ${company.category}`,
    `- Website: ${company.url}`,
    `- Contact: ${company.email}`,
    `- Founded: ${company.founded}`,
    ...(company.country ? [`- Country: ${company.country}`] : []),
    `- Markets: ${company.markets.join(", ")}`,
  ];
  const founders = company.founders.map((f) => {
    const links = [f.linkedin && `[LinkedIn](${f.linkedin})`, f.github && `[GitHub](${f.github})`].filter(Boolean);
    return `- ${f.name}, ${f.role}${links.length > 0 ? ` (${links.join(", ")})` : ""}`;
  });
  const links = Object.entries(company.links).map(([name, url]) => `- ${name}: ${url}`);
  return [
    `# ${company.name}`,
    "",
    `> ${company.oneLiner}`,
    "",
    prose.trim(),
    "",
    "## Facts",
    "",
    ...facts,
    "",
    "## Founders",
    "",
    ...founders,
    "",
    "## Services",
    "",
    ...services.map((s) => `- **${s.name}** (\`${s.id}\`): ${s.summary} Average delivery: ${s.averageDelivery}.`),
    "",
    "## Pricing",
    "",
    `Read the pricing document before quoting any price: ${options.pricingMarkdownUrl}`,
    "",
    "## Machine-readable interfaces",
    "",
    ...links,
    "",
  ].join("\n");
}
