import { contentApi, contentFrameworkErrors, contentSite, createContentStore } from "@unified-commerce/content-api";
import { mcpPlugin } from "@unified-commerce/mcp-server";
import Fastify, { type FastifyInstance } from "fastify";

/** Options of {@link buildContentApp}. */
export interface ContentAppOptions {
  /** The content directory. */
  contentDir: string;
  /** `{base_url}`: where the app is reachable publicly, without a trailing slash. */
  baseUrl: string;
  /**
   * Reload content when its files change (development).
   * @default false
   */
  watch?: boolean;
  /**
   * Fastify logger setting.
   * @default false
   */
  logger?: boolean | { level: string };
}

/**
 * The studio content host: JSON API, site pages with markdown views, and MCP, over one content store.
 * Kept apart from `listen()` so tests drive it through `inject`.
 */
export async function buildContentApp(options: ContentAppOptions): Promise<FastifyInstance> {
  const store = await createContentStore({
    dir: options.contentDir,
    baseUrl: options.baseUrl,
    mcpUrl: `${options.baseUrl.replace(/\/+$/, "")}/mcp`,
    watch: options.watch ?? false,
    // Reloads are file events, so they run after `app` below is assigned (no await lies between).
    onReload: (error) => {
      if (error) app.log.error(`content reload failed, still serving the previous content: ${error.message}`);
      else app.log.info("content reloaded");
    },
  });
  // A malformed URL or an over-long slug is refused before routing: answered as a problem document too.
  const app = Fastify({ logger: options.logger ?? false, frameworkErrors: contentFrameworkErrors(store) });
  app.addHook("onClose", async () => store.close());
  await app.register(contentApi, { source: store });
  await app.register(contentSite, { source: store });
  await app.register(mcpPlugin, { source: store });
  return app;
}
