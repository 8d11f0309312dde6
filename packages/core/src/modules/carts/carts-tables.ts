import type { ColumnType } from "kysely";
import type { z } from "zod";
import type { CoreTables, Timestamp } from "../../db/core-tables.js";
import type { ShippingAddress } from "../shipping/index.js";
import type { TableOf } from "../../db/table-of.js";
import type { cartItemRecordSchema, cartRecordSchema } from "./carts-schemas.js";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type CartsTables = {
  carts: TableOf<
    z.output<typeof cartRecordSchema>,
    {
      organizationId: string;
      /** SHA-256 of the cart token, hex; the token itself is never stored. */
      tokenHash: string;
      shippingAddress: ColumnType<ShippingAddress | null, string | null | undefined, string | null>;
      /** Defaults to none. */
      shippingOptionIds: ColumnType<string[], string | undefined, string>;
      expiresAt: Timestamp;
      createdAt: Timestamp;
      updatedAt: Timestamp;
    }
  >;
  cartItems: TableOf<
    z.output<typeof cartItemRecordSchema>,
    {
      organizationId: string;
      cartId: string;
      createdAt: Timestamp;
      updatedAt: Timestamp;
    }
  >;
};

export type CartsDb = CoreTables & CartsTables;
