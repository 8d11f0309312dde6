/**
 * Studio content API: `/api/articles`, `/api/articles/{slug}` and `/api/search?q=<word>` of the real
 * content app over a generated corpus of 1,000 articles, beside a bare Fastify hello-world in the same run.
 * Targets: list and article at least 0.7x the bare rate; search p99 at most 20 ms.
 *
 * Run as `content.bench.ts bare`, the file is the bare hello-world server instead.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { load, resultTable, type LoadResult } from "./autocannon-run.js";
import { pinToCpu, startServer } from "./servers/start-server.js";

const ARTICLES = 1_000;
const SEARCH_WORD = "kubernetes";

if (process.argv[2] === "bare") {
  const app = Fastify();
  app.get("/hello", async () => ({ hello: "world" }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
} else {
  await main();
}

async function main(): Promise<void> {
  pinToCpu(process.pid, 1);
  const duration = Number(process.env.BENCH_SECONDS ?? 8);
  const dir = await generateCorpus();
  // Paths are resolved from servers/start-server.ts.
  const bare = await startServer("../content.bench.ts", ["bare"]);
  const content = await startServer("../../../apps/content/src/main.ts", [], {
    CONTENT_DIR: dir,
    PORT: "0",
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
  });
  const slug = "generated-article-0500";
  const results: LoadResult[] = [];
  try {
    await load({ name: "warm-up", url: `${bare.url}/hello`, durationSeconds: 2 });
    for (const path of ["/api/articles", `/api/articles/${slug}`, `/api/search?q=${SEARCH_WORD}`]) {
      await load({ name: "warm-up", url: `${content.url}${path}`, durationSeconds: 2 });
    }
    results.push(await load({ name: "bare Fastify hello", url: `${bare.url}/hello`, durationSeconds: duration }));
    results.push(
      await load({
        name: "GET /api/articles (50 of 1,000)",
        url: `${content.url}/api/articles`,
        durationSeconds: duration,
      }),
    );
    results.push(
      await load({
        name: "GET /api/articles/{slug}",
        url: `${content.url}/api/articles/${slug}`,
        durationSeconds: duration,
      }),
    );
    results.push(
      await load({
        name: `GET /api/search?q=${SEARCH_WORD}`,
        url: `${content.url}/api/search?q=${SEARCH_WORD}`,
        durationSeconds: duration,
      }),
    );
  } finally {
    await Promise.all([bare.stop(), content.stop()]);
    await rm(dir, { recursive: true, force: true });
  }

  const [baseline, list, article, search] = results.map((r) => r.requestsPerSecond);
  const ratio = (value: number | undefined) => (value ?? 0) / (baseline ?? 1);
  const searchP99 = results[3]?.p99Ms ?? Infinity;
  const verdicts = [
    `List / bare Fastify: ${ratio(list).toFixed(2)}x (target 0.70x): ${ratio(list) >= 0.7 ? "met" : "NOT met"}`,
    `Article / bare Fastify: ${ratio(article).toFixed(2)}x (target 0.70x): ${ratio(article) >= 0.7 ? "met" : "NOT met"}`,
    `Search p99: ${searchP99} ms (target at most 20 ms): ${searchP99 <= 20 ? "met" : "NOT met"}; search / bare: ${ratio(search).toFixed(2)}x`,
  ].join("\n");
  const table = resultTable(results);
  console.log(`${table}\n\n${verdicts}`);
  await writeFile(
    new URL("../results/content.md", import.meta.url),
    `# Content API benchmark\n\n${new Date().toISOString()}, ${duration} s per target, 10 connections, server on CPU 0, load on CPU 1.\n` +
      `Corpus: ${ARTICLES} generated articles (~2.5 KB of markdown each); the search word appears in about 2% of them, ` +
      `and the trigram index narrows a query to those. The content app runs as \`pnpm start:content\` does, with NODE_ENV=production.\n\n` +
      `${table}\n\n${verdicts}\n`,
  );
}

/** A content directory: the studio's real profile, services and pricing, and 1,000 generated articles. */
async function generateCorpus(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "content-bench-"));
  const studio = fileURLToPath(new URL("../../apps/content/content", import.meta.url));
  for (const file of ["company.md", "services.md", "pricing.md"]) await cp(join(studio, file), join(dir, file));
  await mkdir(join(dir, "articles"));
  const words = [
    "software",
    "studio",
    "pricing",
    "agent",
    "workflow",
    "database",
    "queue",
    "deploy",
    "review",
    "test",
    "latency",
    "schema",
    "invoice",
    "customer",
    "product",
    "release",
    "monitor",
    "backup",
    "search",
    "cache",
  ];
  const tags = [
    "ai",
    "process",
    "pricing",
    "postgres",
    "typescript",
    "automation",
    "saas",
    "testing",
    "design",
    "architecture",
  ];
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  await Promise.all(
    Array.from({ length: ARTICLES }, (_, i) => {
      const slug = `generated-article-${String(i).padStart(4, "0")}`;
      const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      const paragraphs = Array.from({ length: 6 }, () => Array.from({ length: 60 }, () => pick(words)).join(" ") + ".");
      if (i % 50 === 7) paragraphs.splice(3, 0, `We moved the ${SEARCH_WORD} cluster to managed nodes.`);
      const articleTags = [...new Set([pick(tags), pick(tags), pick(tags)])];
      const text = `---\ntitle: "Generated article ${i}"\ndescription: "Article ${i} of the benchmark corpus."\nauthor: Bench Author\npublished: ${day}\ntags: [${articleTags.join(", ")}]\n---\n\n# Article ${i}\n\n${paragraphs.join("\n\n")}\n`;
      return writeFile(join(dir, "articles", `${slug}.md`), text);
    }),
  );
  return dir;
}
