import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIXTURE_DIR, TEST_BASE_URL } from "../testing/build-test-app.js";
import { ContentError } from "./content-error.js";
import { createContentStore } from "./content-store.js";
import { loadContent } from "./load-content.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "content-"));
  await cp(FIXTURE_DIR, dir, { recursive: true });
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const path = join(dir, file);
  await writeFile(path, change(await readFile(path, "utf8")));
}

async function loadError(): Promise<ContentError> {
  const error = await loadContent(dir).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentError);
  return error as ContentError;
}

describe("loadContent", () => {
  it("reads the profile, services, pricing and published articles, leaving drafts out", async () => {
    const content = await loadContent(dir);
    expect(content.company.name).toBe("Fixture Studio");
    expect(content.services.services).toHaveLength(4);
    expect(content.pricing.plans.map((p) => p.id)).toEqual(["launch", "build"]);
    expect(content.articles.map((a) => a.slug).sort()).not.toContain("golf-draft");
    expect(content.articles).toHaveLength(7);
    expect(content.articles.find((a) => a.slug === "bravo-agents")).toMatchObject({
      published: "2024-02-01",
      updated: "2024-03-01",
    });
  });

  it.each([
    ["pricing.md", (t: string) => t.replace("priceMin: 8000", "priceMin: lots"), "pricing.md: plans.0.priceMin"],
    [
      "pricing.md",
      (t: string) => t.replace("priceMax: 40000", "priceMax: 10"),
      "pricing.md: plans: every priceMin must be at most its priceMax",
    ],
    ["pricing.md", (t: string) => t.replace("id: build", "id: launch"), "pricing.md: plans"],
    ["company.md", (t: string) => t.replace("email: hello@kiln.studio", "email: not-an-email"), "company.md: email"],
    ["company.md", (t: string) => t.replace(/^founded: .*$/m, ""), "company.md: founded"],
    ["services.md", (t: string) => t.replace("id: automation", "id: consulting"), "services.md: services.2.id"],
    [
      "services.md",
      (t: string) => t.replace("id: automation", "id: saas_mvp"),
      "services.md: services: must hold each of",
    ],
    [
      "articles/alpha-launch.md",
      (t: string) => t.replace("published: 2024-01-10", "published: last week"),
      "articles/alpha-launch.md: published",
    ],
    [
      "articles/alpha-launch.md",
      (t: string) => t.replace("author: Test Author\n", ""),
      "articles/alpha-launch.md: author",
    ],
    [
      "articles/bravo-agents.md",
      (t: string) => t.replace("updated: 2024-03-01", "updated: 2023-01-01"),
      "articles/bravo-agents.md: updated",
    ],
    [
      "articles/alpha-launch.md",
      (t: string) => t.replace("title:", "title: [unclosed"),
      "articles/alpha-launch.md: invalid front matter",
    ],
  ])("refuses invalid %s with a message naming the file and field", async (file, change, message) => {
    await edit(file, change);
    const error = await loadError();
    expect(error.message).toContain(message);
    expect(error.file).toBe(file);
  });

  it("refuses an article file whose name is not a slug", async () => {
    await writeFile(join(dir, "articles", "Bad Name.md"), "---\ntitle: x\n---\nbody\n");
    expect((await loadError()).message).toContain("articles/Bad Name.md: the file name must be a slug");
  });

  it("refuses a missing data file", async () => {
    await rm(join(dir, "pricing.md"));
    expect((await loadError()).message).toBe("pricing.md: the file is missing");
  });
});

describe("createContentStore", () => {
  it("refuses to start on invalid content", async () => {
    await edit("company.md", (t) => t.replace("country: EE", "country: Estonia"));
    await expect(createContentStore({ dir, baseUrl: TEST_BASE_URL })).rejects.toThrow("company.md: country");
  });

  it("picks up edits without a restart when watching, and keeps serving the last good content on a bad edit", async () => {
    const reloads: (Error | null)[] = [];
    const store = await createContentStore({
      dir,
      baseUrl: TEST_BASE_URL,
      watch: true,
      onReload: (error) => reloads.push(error),
    });
    try {
      await edit("articles/alpha-launch.md", (t) => t.replace('title: "Alpha launch"', 'title: "Alpha relaunched"'));
      await expect
        .poll(() => store.current().bySlug.get("alpha-launch")?.summary.title, { timeout: 5_000 })
        .toBe("Alpha relaunched");

      await writeFile(
        join(dir, "articles", "hotel-new.md"),
        "---\ntitle: Hotel\ndescription: New.\nauthor: A\npublished: 2025-01-01\ntags: [new]\n---\nFresh.\n",
      );
      await expect.poll(() => store.current().articles[0]?.summary.slug, { timeout: 5_000 }).toBe("hotel-new");

      const before = reloads.length;
      await edit("pricing.md", (t) => t.replace("priceMin: 8000", "priceMin: lots"));
      await expect
        .poll(() => reloads.length > before && reloads.at(-1) instanceof ContentError, { timeout: 5_000 })
        .toBe(true);
      expect(store.current().pricing.plans[0]?.priceMin).toBe(8000);
    } finally {
      store.close();
    }
  });
});
