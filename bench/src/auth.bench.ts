/**
 * Cost of authentication (issue 3): one storefront read, `GET /api/bench/product/:slug` (the catalog's
 * entity read with attributes and 12 variants, without the permission so anonymous callers get the same
 * answer), called anonymously, with a storefront API key (`x-api-key`) and with a session
 * (`Authorization: Bearer`, from `POST /api/auth/sign-in/email`), in one run against one server process
 * on PostgreSQL. Informational rows: the real `GET /api/catalog/entities/:slug` with the key and the
 * session. Target: each authenticated rate at least 0.8x the anonymous rate.
 *
 * Each round measures the three callers in a rotated order; the reported figure is the median round.
 * AUTH_BENCH_ROUNDS (default 3) and BENCH_SECONDS (default 6) scale it.
 */
import { writeFileSync } from "node:fs";
import { load, resultTable, type LoadResult } from "./autocannon-run.js";
import { pinToCpu, startServer } from "./servers/start-server.js";

pinToCpu(process.pid, 1);
const duration = Number(process.env.BENCH_SECONDS ?? 6);
const rounds = Number(process.env.AUTH_BENCH_ROUNDS ?? 3);

const server = await startServer("./auth-server.ts");
const { apiKey, email, password, slug } = server.info as {
  apiKey: string;
  email: string;
  password: string;
  slug: string;
};
const results: LoadResult[] = [];
const roundRatios: { apiKey: number; session: number }[] = [];
try {
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;

  const product = `${server.url}/api/bench/product/${slug}`;
  const callers: { name: string; headers: Record<string, string> }[] = [
    { name: "anonymous", headers: {} },
    { name: "API key (x-api-key)", headers: { "x-api-key": apiKey } },
    { name: "session (Authorization: Bearer)", headers: { authorization: `Bearer ${token}` } },
  ];
  for (const caller of callers) {
    const probe = await fetch(product, { headers: caller.headers });
    if (probe.status !== 200) throw new Error(`${caller.name} answered ${probe.status}: ${await probe.text()}`);
  }
  for (const caller of callers)
    await load({ name: "warm-up", url: product, headers: caller.headers, durationSeconds: 2 });

  const perCaller = new Map<string, LoadResult[]>(callers.map((caller) => [caller.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const rate = new Map<string, number>();
    // Rotate the order so no caller always runs first (or last) in a round.
    for (let i = 0; i < callers.length; i += 1) {
      const caller = callers[(i + round) % callers.length] as (typeof callers)[number];
      const result = await load({
        name: `GET /api/bench/product/:slug, ${caller.name}`,
        url: product,
        headers: caller.headers,
        durationSeconds: duration,
      });
      perCaller.get(caller.name)?.push(result);
      rate.set(caller.name, result.requestsPerSecond);
    }
    const anonymous = rate.get("anonymous") ?? 1;
    roundRatios.push({
      apiKey: (rate.get(callers[1]?.name ?? "") ?? 0) / anonymous,
      session: (rate.get(callers[2]?.name ?? "") ?? 0) / anonymous,
    });
  }
  for (const caller of callers) results.push(median(perCaller.get(caller.name) ?? []));

  const real = `${server.url}/api/catalog/entities/${slug}?include=attributes,variants`;
  for (const caller of callers.slice(1)) {
    results.push(
      await load({
        name: `GET /api/catalog/entities/:slug (catalog:read), ${caller.name}`,
        url: real,
        headers: caller.headers,
        durationSeconds: duration,
      }),
    );
  }
} finally {
  await server.stop();
}

function median(list: readonly LoadResult[]): LoadResult {
  const sorted = [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error("no measurement");
  return middle;
}

const table = resultTable(results);
const [anonymous, key, session] = results.map((r) => r.requestsPerSecond);
const ratio = (value: number | undefined) => (value ?? 0) / (anonymous ?? 1);
const verdicts = [
  `API key / anonymous: ${ratio(key).toFixed(2)}x (target 0.80x): ${ratio(key) >= 0.8 ? "met" : "NOT met"}`,
  `Session / anonymous: ${ratio(session).toFixed(2)}x (target 0.80x): ${ratio(session) >= 0.8 ? "met" : "NOT met"}`,
  `Per-round ratios (API key, session): ${roundRatios.map((r) => `${r.apiKey.toFixed(2)}/${r.session.toFixed(2)}`).join(", ")}`,
].join("\n");
console.log(`${table}\n\n${verdicts}`);
writeFileSync(
  new URL("../results/auth.md", import.meta.url),
  `# Auth benchmark\n\n${new Date().toISOString()}, ${rounds} rounds of ${duration} s per caller (median round shown), 10 connections, ` +
    `server on CPU 0, load on CPU 1, PostgreSQL (${process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL" : "local default"}).\n\n${table}\n\n${verdicts}\n`,
);
