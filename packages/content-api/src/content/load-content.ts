import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import matter from "gray-matter";
import type { z } from "zod";
import { SLUG_PATTERN } from "../schemas/article.js";
import { ContentError } from "./content-error.js";
import {
  ArticleSourceSchema,
  CompanySourceSchema,
  PricingSourceSchema,
  ServicesSourceSchema,
  type ArticleSource,
  type CompanySource,
  type PricingSource,
  type ServicesSource,
} from "./source-schemas.js";

/** A published article as read from disk. */
export interface ArticleRecord extends Omit<ArticleSource, "draft"> {
  slug: string;
  /** The markdown body, front matter removed. */
  markdown: string;
}

/** Everything in a content directory, validated. Drafts are already left out. */
export interface LoadedContent {
  company: CompanySource;
  /** Prose of `company.md`, shown on the about page and in `profileMarkdown`. */
  companyMarkdown: string;
  services: ServicesSource;
  /** Prose of `services.md`, shown on the services page. */
  servicesMarkdown: string;
  pricing: PricingSource;
  /** Prose of `pricing.md`, appended to the pricing document. */
  pricingMarkdown: string;
  articles: ArticleRecord[];
}

/**
 * Reads a content directory: `company.md`, `services.md` and `pricing.md` (YAML front matter for the data,
 * body for the prose) and `articles/*.md`. Throws a {@link ContentError} naming the file and field of the
 * first invalid piece, so a broken content change never reaches readers.
 */
export async function loadContent(dir: string): Promise<LoadedContent> {
  const [company, services, pricing] = await Promise.all([
    readDataFile(dir, "company.md", CompanySourceSchema),
    readDataFile(dir, "services.md", ServicesSourceSchema),
    readDataFile(dir, "pricing.md", PricingSourceSchema),
  ]);
  const articles = await readArticles(dir);
  return {
    company: company.data,
    companyMarkdown: company.body,
    services: services.data,
    servicesMarkdown: services.body,
    pricing: pricing.data,
    pricingMarkdown: pricing.body,
    articles,
  };
}

async function readDataFile<T>(dir: string, file: string, schema: z.ZodType<T>): Promise<{ data: T; body: string }> {
  const parsed = await readMarkdown(dir, file);
  return { data: validate(file, schema, parsed.data), body: parsed.body };
}

async function readArticles(dir: string): Promise<ArticleRecord[]> {
  const articlesDir = join(dir, "articles");
  let names: string[];
  try {
    names = (await readdir(articlesDir)).filter((name) => name.endsWith(".md")).sort();
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const records = await Promise.all(
    names.map(async (name): Promise<ArticleRecord | null> => {
      const file = `articles/${name}`;
      const slug = name.slice(0, -".md".length);
      if (!SLUG_PATTERN.test(slug)) {
        throw new ContentError({ file, field: null, message: `the file name must be a slug matching ${SLUG_PATTERN}` });
      }
      const parsed = await readMarkdown(dir, file);
      const { draft, ...source } = validate(file, ArticleSourceSchema, parsed.data);
      if (draft) return null;
      if (parsed.body.trim() === "") throw new ContentError({ file, field: null, message: "the article has no body" });
      return { ...source, slug, markdown: parsed.body };
    }),
  );
  return records.filter((record): record is ArticleRecord => record !== null);
}

async function readMarkdown(dir: string, file: string): Promise<{ data: unknown; body: string }> {
  let text: string;
  try {
    text = await readFile(join(dir, file), "utf8");
  } catch (error) {
    if (isMissing(error)) throw new ContentError({ file, field: null, message: "the file is missing" });
    throw error;
  }
  try {
    // Passing options turns off gray-matter's cache, which would hand back shared objects across reloads.
    const parsed = matter(text, {});
    return { data: parsed.data, body: parsed.content.trim() + "\n" };
  } catch (error) {
    throw new ContentError({ file, field: null, message: `invalid front matter: ${(error as Error).message}` });
  }
}

function validate<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join(".") : null;
  const others = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more)` : "";
  throw new ContentError({ file, field, message: `${issue?.message ?? "invalid"}${others}` });
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}
