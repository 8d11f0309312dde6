import { z } from "zod";
import { CompanyProfileSchema } from "../schemas/company-profile.js";
import { PricingSchema } from "../schemas/pricing.js";
import { SERVICE_IDS, ServiceLineSchema } from "../schemas/service-list.js";

// YAML front matter turns `2024-05-01` into a Date; authors write dates, so accept both and keep the text.
const isoDate = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
  z.iso.date(),
);

/** Front matter of `company.md`: the profile; `url` defaults to the public base URL. */
export const CompanySourceSchema = CompanyProfileSchema.omit({ url: true, links: true, profileMarkdown: true }).extend({
  url: z.url().optional(),
  links: z.record(z.string(), z.url()).optional(),
});
export type CompanySource = z.infer<typeof CompanySourceSchema>;

/** Front matter of `services.md`: the four service lines, each exactly once. */
export const ServicesSourceSchema = z.object({
  services: z
    .array(ServiceLineSchema)
    .refine((services) => SERVICE_IDS.every((id) => services.filter((s) => s.id === id).length === 1), {
      message: `must hold each of ${SERVICE_IDS.join(", ")} exactly once`,
    }),
});
export type ServicesSource = z.infer<typeof ServicesSourceSchema>;

const bandIsOrdered = (band: { priceMin: number; priceMax: number }): boolean => band.priceMin <= band.priceMax;

/** Front matter of `pricing.md`: currency, summary and the two plans. */
export const PricingSourceSchema = PricingSchema.omit({ pricingMarkdownUrl: true, pricingMarkdown: true }).extend({
  plans: PricingSchema.shape.plans
    .refine(
      (plans) => plans.length === 2 && plans.some((p) => p.id === "launch") && plans.some((p) => p.id === "build"),
      {
        message: "must hold the plans launch and build, once each",
      },
    )
    .refine((plans) => plans.every((p) => bandIsOrdered(p) && p.projectTypes.every(bandIsOrdered)), {
      message: "every priceMin must be at most its priceMax",
    })
    .refine((plans) => plans.every((p) => (p.id === "launch") === (p.type === "one-time project")), {
      message: "launch is the one-time project and build the monthly subscription",
    }),
});
export type PricingSource = z.infer<typeof PricingSourceSchema>;

/** Front matter of an article; the slug is the file name. */
export const ArticleSourceSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().min(1),
    author: z.string().min(1),
    published: isoDate,
    updated: isoDate.optional(),
    tags: z.array(z.string().regex(/^[A-Za-z0-9-]+$/, "tags are words joined by hyphens")).min(1),
    draft: z.boolean().default(false),
  })
  .refine((a) => a.updated === undefined || a.updated >= a.published, {
    message: "must not be earlier than published",
    path: ["updated"],
  });
export type ArticleSource = z.infer<typeof ArticleSourceSchema>;
