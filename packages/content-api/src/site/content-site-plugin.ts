import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ContentIndex } from "../content/build-content-index.js";
import type { ContentSource } from "../content/content-store.js";
import { sendCacheable } from "../http/send-json.js";
import { jsonFeed, rssFeed } from "./feeds.js";
import { llmsTxt } from "./llms-txt.js";
import { prefersMarkdown } from "./negotiate.js";
import { articlePage, STATIC_PAGES } from "./pages.js";
import { renderHtml } from "./render-html.js";
import { markdownPath, type SitePage } from "./site-page.js";
import { sitemapXml } from "./sitemap.js";

/** Options of {@link contentSite}. */
export interface ContentSiteOptions {
  /** Where the pages read content from. */
  source: ContentSource;
}

const MARKDOWN = "text/markdown; charset=utf-8";
const HTML = "text/html; charset=utf-8";

/**
 * The studio's site: `/`, `/pricing`, `/services`, `/about`, `/articles`, `/articles/<slug>` and
 * `/developers` as HTML, each also as markdown (`Accept: text/markdown` or the `.md` suffix, both with
 * `Vary: Accept`), plus `/llms.txt`, `/sitemap.xml`, `/robots.txt`, `/feed.json` and `/feed.xml`.
 * Register it after {@link contentApi}, which supplies the problem handling it relies on.
 */
export const contentSite: FastifyPluginAsync<ContentSiteOptions> = async (app, { source }) => {
  for (const [path, build] of Object.entries(STATIC_PAGES)) {
    const page = (index: ContentIndex) => build(index);
    app.get(path, async (request, reply) => sendPage(request, reply, page, prefersMarkdown(request.headers.accept)));
    app.get(markdownPath(path), async (request, reply) => sendPage(request, reply, page, true));
  }
  // Problem `type` URLs read `{base_url}/developers/#errors-<code>`: that form must resolve too.
  app.get("/developers/", async (request, reply) =>
    sendPage(request, reply, STATIC_PAGES["/developers"], prefersMarkdown(request.headers.accept)),
  );
  app.get<{ Params: { slug: string } }>("/articles/:slug", async (request, reply) => {
    const { slug } = request.params;
    const isMarkdownPath = slug.endsWith(".md");
    const bare = isMarkdownPath ? slug.slice(0, -".md".length) : slug;
    return sendPage(
      request,
      reply,
      (index) => articlePage(index, bare),
      isMarkdownPath || prefersMarkdown(request.headers.accept),
    );
  });

  app.get("/llms.txt", async (request, reply) =>
    sendText(request, reply, "llms.txt", "text/plain; charset=utf-8", llmsTxt),
  );
  app.get("/sitemap.xml", async (request, reply) =>
    sendText(request, reply, "sitemap", "application/xml; charset=utf-8", sitemapXml),
  );
  app.get("/feed.xml", async (request, reply) =>
    sendText(request, reply, "rss", "application/rss+xml; charset=utf-8", rssFeed),
  );
  app.get("/feed.json", async (request, reply) => {
    const index = source.current();
    return sendCacheable(
      request,
      reply,
      index.cached("feed.json", () => jsonFeed(index)),
      "application/feed+json; charset=utf-8",
    );
  });
  app.get("/robots.txt", async (request, reply) =>
    sendText(
      request,
      reply,
      "robots",
      "text/plain; charset=utf-8",
      (index) => `User-agent: *\nAllow: /\nSitemap: ${index.baseUrl}/sitemap.xml\n`,
    ),
  );

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    build: (index: ContentIndex) => SitePage,
    asMarkdown: boolean,
  ) {
    const index = source.current();
    reply.header("vary", "Accept");
    const key = `page:${request.url.split("?")[0]}:${asMarkdown ? "md" : "html"}`;
    const response = index.cachedText(key, () => {
      const page = build(index);
      return asMarkdown ? page.markdown : renderHtml(page, index);
    });
    return sendCacheable(request, reply, response, asMarkdown ? MARKDOWN : HTML);
  }

  function sendText(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    contentType: string,
    build: (index: ContentIndex) => string,
  ) {
    const index = source.current();
    return sendCacheable(
      request,
      reply,
      index.cachedText(key, () => build(index)),
      contentType,
    );
  }
};
