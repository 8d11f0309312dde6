import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { cartItemRecordSchema, cartRecordSchema } from "./carts-schemas.js";
import type { CartsDb, CartsTables } from "./carts-tables.js";

/** What the carts service's parts share. */
export interface CartsContext {
  database: DatabaseAccess;
  db: Kysely<CartsDb>;
  events: EventBus;
  /** Catalog (what is sold), pricing, promotions, tax and settings. */
  services: Services;
  /** Lifetime of a cart after its last change. */
  ttlSeconds: number;
}

export function cartsScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<CartsDb> {
  return tenantScope(db.withTables<CartsTables>(), organizationId);
}

/** A cart as stored, as answers show it. */
export type CartRecord = z.output<typeof cartRecordSchema>;

/** A cart line as stored. */
export type CartItemRecord = z.output<typeof cartItemRecordSchema>;

export const CART_COLUMNS = [
  "id",
  "status",
  "currency",
  "customerId",
  "orderId",
  "isTaxInclusive",
  "shippingAddress",
  "shippingOptionIds",
  "tokenHash",
  "expiresAt",
  "createdAt",
  "updatedAt",
] as const;

export const CART_ITEM_COLUMNS = ["id", "entityId", "variantId", "quantity", "unitPriceSnapshot"] as const;

/** The cart row as read, with the token's hash the ownership rule needs. */
export type CartRow = Pick<Selectable<CartsTables["carts"]>, (typeof CART_COLUMNS)[number]>;

export const toCartRecord = ({ tokenHash: _tokenHash, ...row }: CartRow): CartRecord => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
