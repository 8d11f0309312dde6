import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  type AnyRoute,
} from "@tanstack/react-router";
import type { JSX } from "react";
import type { ApiClient } from "./api/api-context.js";
import { currentLocation } from "./auth/safe-redirect.js";
import { type Session, sessionQuery } from "./auth/session.js";
import { AcceptInvitationPage } from "./pages/accept-invitation-page.js";
import { BrandsPage } from "./pages/catalog/brands-page.js";
import { CategoriesPage } from "./pages/catalog/categories-page.js";
import { FieldDefinitionsPage } from "./pages/catalog/field-definitions-page.js";
import { ImportPage } from "./pages/catalog/import-page.js";
import { MediaPage } from "./pages/catalog/media-page.js";
import { ProductsPage } from "./pages/catalog/products-page.js";
import { ProductMediaPage } from "./pages/catalog/product-media/product-media-page.js";
import { ProductVariantsPage } from "./pages/catalog/product-variants/product-variants-page.js";
import { HomePage } from "./pages/home-page.js";
import { StockPage } from "./pages/inventory/stock-page.js";
import { WarehousesPage } from "./pages/inventory/warehouses-page.js";
import { NotFoundPage } from "./pages/not-found-page.js";
import { ModifiersPage } from "./pages/pricing/modifiers-page.js";
import { PriceListsPage } from "./pages/pricing/price-lists-page.js";
import { TaxClassesPage } from "./pages/pricing/tax-classes-page.js";
import { SignInPage } from "./pages/sign-in-page.js";
import { AdminShell } from "./shell/admin-shell.js";

/** What every route's `beforeLoad` and loader can use. */
export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
}

const optionalString = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** The session, from the cache when fresh; a route that needs one sends a signed-out visitor to sign-in. */
async function requireSession({ queryClient, api }: RouterContext): Promise<Session> {
  const session = await queryClient.ensureQueryData(sessionQuery(api));
  if (!session) throw redirect({ to: "/sign-in", search: { redirect: currentLocation() } });
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
  beforeLoad: ({ context }) => requireSession(context),
  component: function AcceptInvitationRoute() {
    return <AcceptInvitationPage token={acceptInvitationRoute.useSearch().token} />;
  },
});

/** Every page behind sign-in, inside the shell. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "signed-in",
  beforeLoad: ({ context }) => requireSession(context),
  component: AdminShell,
});

/** A page of the shell at `path`. */
const page = (path: string, component: () => JSX.Element): AnyRoute =>
  createRoute({ getParentRoute: () => signedInRoute, path, component });

const productVariantsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/catalog/products/$id/variants",
  component: function ProductVariantsRoute() {
    return <ProductVariantsPage productId={productVariantsRoute.useParams().id} />;
  },
});

const productMediaRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/catalog/products/$id/media",
  component: function ProductMediaRoute() {
    return <ProductMediaPage productId={productMediaRoute.useParams().id} />;
  },
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  acceptInvitationRoute,
  signedInRoute.addChildren([
    page("/", HomePage),
    page("/catalog/products", ProductsPage),
    page("/catalog/categories", CategoriesPage),
    page("/catalog/brands", BrandsPage),
    page("/catalog/field-definitions", FieldDefinitionsPage),
    page("/catalog/import", ImportPage),
    page("/catalog/media", MediaPage),
    productVariantsRoute,
    productMediaRoute,
    page("/inventory/warehouses", WarehousesPage),
    page("/inventory/stock", StockPage),
    page("/pricing/price-lists", PriceListsPage),
    page("/pricing/modifiers", ModifiersPage),
    page("/pricing/tax-classes", TaxClassesPage),
  ]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    basepath: import.meta.env.BASE_URL.replace(/\/$/, ""),
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
