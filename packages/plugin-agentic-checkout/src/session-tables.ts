import type { ColumnType } from "kysely";
import type { Timestamp } from "@unified-commerce/plugin-sdk";
import type { CreateSessionBody } from "./acp-schemas.js";

/** Where a session stands; `open` is `not_ready_for_payment` or `ready_for_payment` on the wire. */
export type SessionState = "open" | "completed" | "canceled";

type Buyer = NonNullable<CreateSessionBody["buyer"]>;
type FulfillmentDetails = NonNullable<CreateSessionBody["fulfillment_details"]>;

/** The plugin's tables as `db.withTables<AcpTables>()` sees them (camelCase over snake_case). */
export type AcpTables = {
  acpCheckoutSessions: {
    id: string;
    organizationId: string;
    /** The cart underneath: lines, prices, promotions and tax are the cart's. */
    cartId: string;
    /** `secrets.seal(cartToken)`: the session reaches its guest cart as its owner, like a storefront. */
    sealedCartToken: string;
    state: ColumnType<SessionState, SessionState | undefined, SessionState>;
    currency: string;
    buyer: ColumnType<Buyer | null, string | null, string | null>;
    fulfillmentDetails: ColumnType<FulfillmentDetails | null, string | null, string | null>;
    /** No longer written: the cart holds the selected shipping options (`PUT /api/carts/:id/shipping`). */
    selectedOptionId: string | null;
    /** The discount codes the agent sent (`discounts.codes`), previewed on every answer and redeemed at completion. */
    promotionCodes: ColumnType<string[], string | undefined, string>;
    orderId: string | null;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
};
