import { createReadStream, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { contentSecurityPolicy } from "./content-security-policy.js";
import { contentTypeOf, listFiles } from "./static-files.js";

/** Options of {@link adminApp}. */
export interface AdminAppOptions {
  /** Where the admin is served. @default "/admin" */
  prefix?: string;
  /**
   * The API's base URL when the API is on another origin (`https://api.shop.example`); the app reads it
   * from `<prefix>/config.json` at start, so one build serves any host. @default "" (same origin)
   */
  apiBaseUrl?: string;
  /** More origins images may load from (a media CDN or bucket). @default [] */
  imageOrigins?: readonly string[];
  /** The built app (`index.html` and `assets/`). @default this package's `dist/spa` */
  root?: string;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Vite's output folder for content-hashed files: only these may be cached for ever. */
const HASHED_DIRECTORY = "assets/";

/** This package's built SPA, from the compiled `dist/server/` or from the sources under `src/server/`. */
function defaultRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, "../spa"), resolve(here, "../../dist/spa")];
  return candidates.find((candidate) => existsSync(resolve(candidate, "index.html"))) ?? candidates[1] ?? here;
}

/**
 * The admin single-page app as a Fastify plugin: `await app.register(adminApp())` serves it at `/admin`
 * with long-lived caching for hashed assets, `no-cache` for `index.html`, the SPA fallback for the app's
 * own routes, and a Content-Security-Policy that allows no inline script. Routes outside the prefix
 * (the API) are untouched.
 */
export function adminApp(options: AdminAppOptions = {}): FastifyPluginAsync {
  const prefix = (options.prefix ?? "/admin").replace(/\/+$/, "");
  const root = options.root ?? defaultRoot();
  const apiBaseUrl = (options.apiBaseUrl ?? "").replace(/\/+$/, "");
  const csp = contentSecurityPolicy({
    apiOrigin: apiBaseUrl ? new URL(apiBaseUrl).origin : undefined,
    imageOrigins: options.imageOrigins ?? [],
  });

  return async (app) => {
    if (!existsSync(resolve(root, "index.html")))
      app.log.warn({ root }, "the admin app is not built: run `pnpm --filter @unified-commerce/admin build`");
    let files = await listFiles(root);
    let listedAt = Date.now();
    /**
     * The file a URL path names. A miss lists the folder again (at most once a second): a build made while
     * the server runs replaces the hashed files, and its index.html already names the new ones.
     */
    const lookup = async (path: string): Promise<string | undefined> => {
      if (files.has(path) || Date.now() - listedAt < 1000) return files.get(path);
      files = await listFiles(root);
      listedAt = Date.now();
      return files.get(path);
    };

    const send = (reply: FastifyReply, path: string, cacheControl: string) =>
      reply
        .header("content-type", contentTypeOf(path))
        .header("cache-control", cacheControl)
        .send(createReadStream(path));

    const serveIndex = async (reply: FastifyReply) => {
      const index = await lookup("index.html");
      if (!index)
        return reply
          .status(503)
          .header("cache-control", "no-store")
          .type("text/plain; charset=utf-8")
          .send("The admin app is not built: run `pnpm --filter @unified-commerce/admin build`.\n");
      return send(reply, index, "no-cache");
    };

    await app.register(
      async (admin) => {
        admin.addHook("onSend", async (_request, reply) => {
          reply.header("content-security-policy", csp);
          reply.header("x-content-type-options", "nosniff");
          reply.header("referrer-policy", "same-origin");
        });
        admin.get("/config.json", async (_request, reply) =>
          reply.header("cache-control", "no-cache").send({ apiBaseUrl }),
        );
        // Under a prefix, "/" answers both `/admin` and `/admin/`.
        admin.get("/", async (_request, reply) => serveIndex(reply));
        admin.get("/*", async (request, reply) => {
          const path = (request.params as { "*": string })["*"];
          if (path === "index.html") return serveIndex(reply);
          const file = await lookup(path);
          if (file) return send(reply, file, path.startsWith(HASHED_DIRECTORY) ? IMMUTABLE : "no-cache");
          // A missing file (an old hashed asset, a typo) is a 404: answering index.html would hand the browser
          // HTML where it expects a script. Anything else is one of the app's routes.
          const lastSegment = path.split("/").pop() ?? "";
          if (path.startsWith(HASHED_DIRECTORY) || lastSegment.includes("."))
            return reply.status(404).header("cache-control", "no-store").type("text/plain").send("Not found\n");
          return serveIndex(reply);
        });
      },
      { prefix },
    );
  };
}
