import type { ServiceContext } from "../../kernel/contexts.js";
import { createMyDownloads } from "./me-downloads.js";
import { createMyOrders } from "./me-orders.js";
import { createMyProfile } from "./me-profile.js";
import { createReorder } from "./me-reorder.js";

/**
 * Customer self-service (`/api/me`): a signed-in customer's own profile and addresses, orders, their
 * shipments and downloads, and buying an order again. It owns no table: it goes through the customers,
 * orders, catalog, pricing and media services and makes carts through the carts service, always for the
 * caller's own customer id.
 */
export function createMeService({ database, services }: Pick<ServiceContext, "database" | "services">) {
  return {
    ...createMyProfile({ database, services }),
    ...createMyOrders({ services }),
    ...createMyDownloads({ services }),
    ...createReorder({ database, services }),
  };
}

export type MeService = ReturnType<typeof createMeService>;
export type { MyProfile } from "./me-profile.js";
export type { OrderTracking } from "./me-orders.js";
export type { OrderDownload } from "./me-downloads.js";
export type { Reorder, ReorderSkipReason, SkippedLine } from "./me-reorder.js";

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.me` too.
declare module "../../kernel/services.js" {
  interface Services {
    me: MeService;
  }
}
