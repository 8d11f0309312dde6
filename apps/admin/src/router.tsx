import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type AnyRoute,
} from "@tanstack/react-router";
import type { ApiClient } from "./api/api-context.js";
import { type Session, sessionQuery } from "./auth/session.js";
import { AcceptInvitationPage } from "./pages/accept-invitation-page.js";
import { HomePage } from "./pages/home-page.js";
import { NotFoundPage } from "./pages/not-found-page.js";
import { SignInPage } from "./pages/sign-in-page.js";
import { AdminShell } from "./shell/admin-shell.js";

/** What every route's `beforeLoad` and loader can use. */
export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
}

/** `/admin`: where the app is served (Vite's `base` without its trailing slash). */
const basePath = import.meta.env.BASE_URL.replace(/\/$/, "");

const optionalString = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** The session, from the cache when fresh; a route that needs one sends a signed-out visitor to sign-in. */
async function requireSession({ queryClient, api }: RouterContext, { href }: { href: string }): Promise<Session> {
  const session = await queryClient.ensureQueryData(sessionQuery(api));
  // `href` is the page being opened (window.location is still the previous one during an in-app move),
  // without the base path; the redirect names the full path, as the address bar shows it.
  if (!session) throw redirect({ to: "/sign-in", search: { redirect: `${basePath}${href}` } });
  return session;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  validateSearch: (search: Record<string, unknown>) => ({ redirect: optionalString(search.redirect) }),
  component: function SignInRoute() {
    return <SignInPage redirect={signInRoute.useSearch().redirect} />;
  },
});

const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/accept-invitation",
  validateSearch: (search: Record<string, unknown>) => ({ token: optionalString(search.token) }),
  beforeLoad: ({ context, location }) => requireSession(context, location),
  component: function AcceptInvitationRoute() {
    return <AcceptInvitationPage token={acceptInvitationRoute.useSearch().token} />;
  },
});

/** Every page behind sign-in, inside the shell. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "signed-in",
  beforeLoad: ({ context, location }) => requireSession(context, location),
  component: AdminShell,
});

/**
 * A page of the shell at `path`, loaded when first opened (or hovered: `defaultPreload: "intent"`), so the
 * first page ships only the shell: `page("/catalog/things", () => import("./pages/catalog/things-page.js"), "ThingsPage")`.
 */
function page<M extends Record<string, unknown>>(
  path: string,
  load: () => Promise<M>,
  exportName: keyof M & string,
): AnyRoute {
  return createRoute({ getParentRoute: () => signedInRoute, path, component: lazyRouteComponent(load, exportName) });
}

const routeTree = rootRoute.addChildren([
  signInRoute,
  acceptInvitationRoute,
  signedInRoute.addChildren([
    createRoute({ getParentRoute: () => signedInRoute, path: "/", component: HomePage }),
    page("/catalog/products", () => import("./pages/catalog/products-page.js"), "ProductsPage"),
    page(
      "/catalog/products/new",
      () => import("./pages/catalog/product-editor/product-editor-page.js"),
      "NewProductPage",
    ),
    page(
      "/catalog/products/$id",
      () => import("./pages/catalog/product-editor/product-editor-page.js"),
      "ProductEditorRoute",
    ),
    page(
      "/catalog/products/$id/variants",
      () => import("./pages/catalog/product-variants/product-variants-page.js"),
      "ProductVariantsRoute",
    ),
    page(
      "/catalog/products/$id/media",
      () => import("./pages/catalog/product-media/product-media-page.js"),
      "ProductMediaRoute",
    ),
    page("/catalog/categories", () => import("./pages/catalog/categories-page.js"), "CategoriesPage"),
    page("/catalog/brands", () => import("./pages/catalog/brands-page.js"), "BrandsPage"),
    page(
      "/catalog/field-definitions",
      () => import("./pages/catalog/field-definitions-page.js"),
      "FieldDefinitionsPage",
    ),
    page("/catalog/import", () => import("./pages/catalog/import-page.js"), "ImportPage"),
    page("/catalog/media", () => import("./pages/catalog/media-page.js"), "MediaPage"),
    page("/inventory/warehouses", () => import("./pages/inventory/warehouses-page.js"), "WarehousesPage"),
    page("/inventory/stock", () => import("./pages/inventory/stock-page.js"), "StockPage"),
    page("/pricing/price-lists", () => import("./pages/pricing/price-lists-page.js"), "PriceListsPage"),
    page("/pricing/modifiers", () => import("./pages/pricing/modifiers-page.js"), "ModifiersPage"),
    page("/pricing/tax-classes", () => import("./pages/pricing/tax-classes-page.js"), "TaxClassesPage"),
  ]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    basepath: basePath,
    defaultPreload: "intent",
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
