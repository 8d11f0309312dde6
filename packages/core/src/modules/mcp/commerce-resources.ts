import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/server";
import { AppError } from "../../kernel/app-error.js";
import type { ToolContext } from "./commerce-tool.js";
import { canUseTool } from "./commerce-tool.js";

/** Products per catalog page resource: the most `GET /api/catalog/entities` answers at once. */
const CATALOG_PAGE_SIZE = 100;
/** Pages named by `resources/list`; later ones are still readable by URI. */
const LISTED_CATALOG_PAGES = 20;

const json = (uri: URL, text: string) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text }] });

/**
 * The store's resources, each behind the permission of its REST route: its policies (refund cap, undo
 * window...: `GET /api/settings/policies`, settings:manage) and the catalog's active products by page
 * (`GET /api/catalog/entities?type=product`, catalog:read).
 */
export function registerCommerceResources(server: McpServer, context: ToolContext): void {
  const { actor, organizationId, route } = context;
  const { services } = route;
  if (canUseTool(actor, { permissions: ["settings:manage"] })) {
    server.registerResource(
      "store-policies",
      "commerce://settings/policies",
      {
        title: "Store policies",
        description: "The store's policies settings group, defaults filled in (GET /api/settings/policies).",
        mimeType: "application/json",
      },
      async (uri) => json(uri, JSON.stringify(await services.settings.get(organizationId, "policies"))),
    );
  }
  if (canUseTool(actor, { permissions: ["catalog:read"] })) {
    const page = (number: number) =>
      services.catalog.listEntities(
        organizationId,
        {
          type: "product",
          page: number,
          limit: CATALOG_PAGE_SIZE,
          sort: { field: "createdAt", direction: "asc" },
          include: ["attributes"],
        },
        actor,
      );
    server.registerResource(
      "catalog-page",
      new ResourceTemplate("commerce://catalog/products/page/{page}", {
        list: async () => {
          const { total } = await page(1);
          const pages = Math.min(LISTED_CATALOG_PAGES, Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE)));
          return {
            resources: Array.from({ length: pages }, (_, i) => ({
              uri: `commerce://catalog/products/page/${i + 1}`,
              name: `Catalog page ${i + 1}`,
              mimeType: "application/json",
            })),
          };
        },
      }),
      {
        title: "Catalog page",
        description: [
          `Products of the catalog with their attributes, ${CATALOG_PAGE_SIZE} a page, oldest first`,
          "(GET /api/catalog/entities?type=product).",
        ].join(" "),
        mimeType: "application/json",
      },
      async (uri, variables) => {
        const number = Number(variables.page);
        if (!Number.isSafeInteger(number) || number < 1)
          throw AppError.validation([{ path: "uri.page", message: "must be a page number from 1" }]);
        const { entities, total } = await page(number);
        return json(uri, `{"products":${entities.text},"total":${total}}`);
      },
    );
  }
}
