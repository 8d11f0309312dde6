import { z } from "zod";
import { openApiRegistry } from "./open-api-registry.js";

/** A founder of the studio. */
export const FounderSchema = z.object({
  name: z.string().min(1),
  role: z.string().min(1),
  linkedin: z.url().optional(),
  github: z.url().optional(),
});
export type Founder = z.infer<typeof FounderSchema>;

/** Response of `GET /api/company`. */
export const CompanyProfileSchema = z.object({
  name: z.string().min(1).describe("trade name"),
  legalName: z.string().min(1).describe("legal entity name"),
  category: z.string().min(1).describe("business category"),
  url: z.url().describe("website"),
  email: z.email().describe("contact address"),
  founded: z.int().min(1900).max(2100).describe("founding year"),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .describe("ISO 3166-1 alpha-2 code of the registered entity"),
  oneLiner: z.string().min(1).describe("canonical positioning sentence; meant to be quoted verbatim"),
  markets: z.array(z.string().min(1)).describe("markets served"),
  founders: z.array(FounderSchema).describe("founders"),
  links: z.record(z.string(), z.url()).describe("URLs of the other machine-readable interfaces"),
  profileMarkdown: z.string().optional().describe("full text of the canonical machine-readable reference file"),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

openApiRegistry.add(FounderSchema, { id: "Founder" });
openApiRegistry.add(CompanyProfileSchema, { id: "CompanyProfile" });
