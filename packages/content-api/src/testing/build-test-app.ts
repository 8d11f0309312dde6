import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance } from "fastify";
import { createContentStore, type ContentStore } from "../content/content-store.js";
import { contentApi } from "../http/content-api-plugin.js";
import { contentFrameworkErrors } from "../http/framework-errors.js";
import { contentSite } from "../site/content-site-plugin.js";

/** The fixture content of this package's tests: seven published articles and one draft. */
export const FIXTURE_DIR = fileURLToPath(new URL("../../test-fixtures/content", import.meta.url));

/** `{base_url}` in tests. */
export const TEST_BASE_URL = "https://studio.test";

/** Boots the real plugins (API and site) over a content directory, ready for `inject`. */
export async function buildTestApp(
  options: { dir?: string; mcpUrl?: string } = {},
): Promise<{ app: FastifyInstance; store: ContentStore }> {
  const store = await createContentStore({
    dir: options.dir ?? FIXTURE_DIR,
    baseUrl: TEST_BASE_URL,
    mcpUrl: options.mcpUrl,
  });
  const app = Fastify({ frameworkErrors: contentFrameworkErrors(store) });
  await app.register(contentApi, { source: store });
  await app.register(contentSite, { source: store });
  await app.ready();
  return { app, store };
}
