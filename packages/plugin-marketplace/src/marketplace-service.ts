import { createBalanceOperations } from "./vendor-balance.js";
import { createCommissionRuleOperations } from "./commission-rules.js";
import type { MarketplaceContext } from "./marketplace-context.js";
import { createOrderFlow } from "./order-flow.js";
import { createPayoutOperations } from "./payouts.js";
import { createDisputeOperations } from "./disputes.js";
import { createReturnOperations } from "./returns.js";
import { createReviewOperations } from "./reviews.js";
import { createPerformanceOperations } from "./vendor-performance.js";
import { createSubOrderOperations } from "./sub-orders.js";
import { createVendorDocumentOperations } from "./vendor-documents.js";
import { createVendorEntityOperations } from "./vendor-entities.js";
import { createVendorKeyOperations } from "./vendor-keys.js";
import { createVendorMemberOperations } from "./vendor-members.js";
import { createVendorOperations } from "./vendors.js";

/**
 * `services.marketplace`: each change one transaction with its events (`{ trx }` joins the caller's),
 * grouped by what it is about.
 */
export function createMarketplaceService(context: MarketplaceContext) {
  return {
    vendors: createVendorOperations(context),
    members: createVendorMemberOperations(context),
    keys: createVendorKeyOperations(context),
    documents: createVendorDocumentOperations(context),
    entities: createVendorEntityOperations(context),
    commissionRules: createCommissionRuleOperations(context),
    subOrders: createSubOrderOperations(context),
    ledger: createBalanceOperations(context),
    payouts: createPayoutOperations(context),
    disputes: createDisputeOperations(context),
    returns: createReturnOperations(context),
    reviews: createReviewOperations(context),
    performance: createPerformanceOperations(context),
    /** Reactions to orders' events (the manifest's subscribers), inside the emitting transaction. */
    orderFlow: createOrderFlow(context),
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
export type { Vendor, CreateVendorInput, UpdateVendorInput, ListVendorsQuery, VendorMove } from "./vendors.js";
export type { VendorMember } from "./vendor-members.js";
export type { VendorKey } from "./vendor-keys.js";
export type { VendorDocument, CreateDocumentInput } from "./vendor-documents.js";
export type { VendorEntity } from "./vendor-entities.js";
export type { CommissionRule, CreateCommissionRuleInput, UpdateCommissionRuleInput } from "./commission-rules.js";
export type { SubOrder, SubOrderSummary, SubOrderLine, ListSubOrdersQuery, SubOrderMove } from "./sub-orders.js";
export type { LedgerEntry, CurrencyBalance, LedgerKind } from "./ledger.js";
export type { VendorBalance } from "./vendor-balance.js";
export type { Payout, ListPayoutsQuery } from "./payouts.js";
export type { Dispute } from "./disputes.js";
export type { Return } from "./returns.js";
export type { Review } from "./reviews.js";
export type { VendorPerformance } from "./vendor-performance.js";
