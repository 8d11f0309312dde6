import type { RouteContext, RouteRegistration } from "@unified-commerce/plugin-sdk";
import { createVendorRoute } from "./create-vendor.js";
import { listVendorsRoute } from "./list-vendors.js";
import { getVendorRoute } from "./get-vendor.js";
import { updateVendorRoute } from "./update-vendor.js";
import { approveVendorRoute } from "./approve-vendor.js";
import { rejectVendorRoute } from "./reject-vendor.js";
import { suspendVendorRoute } from "./suspend-vendor.js";
import { reinstateVendorRoute } from "./reinstate-vendor.js";
import { listVendorDocumentsRoute } from "./list-vendor-documents.js";
import { addVendorDocumentRoute } from "./add-vendor-document.js";
import { approveVendorDocumentRoute } from "./approve-vendor-document.js";
import { rejectVendorDocumentRoute } from "./reject-vendor-document.js";
import { listVendorEntitiesRoute } from "./list-vendor-entities.js";
import { assignVendorEntityRoute } from "./assign-vendor-entity.js";
import { unassignVendorEntityRoute } from "./unassign-vendor-entity.js";
import { listVendorMembersRoute } from "./list-vendor-members.js";
import { addVendorMemberRoute } from "./add-vendor-member.js";
import { removeVendorMemberRoute } from "./remove-vendor-member.js";
import { createVendorKeyRoute } from "./create-vendor-key.js";
import { revokeVendorKeyRoute } from "./revoke-vendor-key.js";
import { getVendorBalanceRoute } from "./get-vendor-balance.js";
import { getVendorPerformanceRoute } from "./get-vendor-performance.js";
import { getOwnVendorRoute } from "./get-own-vendor.js";
import { updateOwnVendorRoute } from "./update-own-vendor.js";
import { listOwnSubOrdersRoute } from "./list-own-sub-orders.js";
import { getOwnSubOrderRoute } from "./get-own-sub-order.js";
import { confirmOwnSubOrderRoute } from "./confirm-own-sub-order.js";
import { shipOwnSubOrderRoute } from "./ship-own-sub-order.js";
import { deliverOwnSubOrderRoute } from "./deliver-own-sub-order.js";
import { cancelOwnSubOrderRoute } from "./cancel-own-sub-order.js";
import { getOwnBalanceRoute } from "./get-own-balance.js";
import { listOwnPayoutsRoute } from "./list-own-payouts.js";
import { listOwnReviewsRoute } from "./list-own-reviews.js";
import { listCommissionRulesRoute } from "./list-commission-rules.js";
import { createCommissionRuleRoute } from "./create-commission-rule.js";
import { updateCommissionRuleRoute } from "./update-commission-rule.js";
import { deleteCommissionRuleRoute } from "./delete-commission-rule.js";
import { listSubOrdersRoute } from "./list-sub-orders.js";
import { getSubOrderRoute } from "./get-sub-order.js";
import { changeSubOrderStatusRoute } from "./change-sub-order-status.js";
import { listPayoutsRoute } from "./list-payouts.js";
import { runPayoutsRoute } from "./run-payouts.js";
import { retryPayoutRoute } from "./retry-payout.js";
import { openDisputeRoute } from "./open-dispute.js";
import { listDisputesRoute } from "./list-disputes.js";
import { respondToDisputeRoute } from "./respond-to-dispute.js";
import { escalateDisputeRoute } from "./escalate-dispute.js";
import { resolveDisputeRoute } from "./resolve-dispute.js";
import { openReturnRoute } from "./open-return.js";
import { shipBackReturnRoute } from "./ship-back-return.js";
import { receiveReturnRoute } from "./receive-return.js";
import { createReviewRoute } from "./create-review.js";
import { listReviewsRoute } from "./list-reviews.js";
import { moderateReviewRoute } from "./moderate-review.js";

/** Every route of the plugin, one per file. */
export const marketplaceRoutes = (context: RouteContext): RouteRegistration[] => [
  ...createVendorRoute(context),
  ...listVendorsRoute(context),
  ...getVendorRoute(context),
  ...updateVendorRoute(context),
  ...approveVendorRoute(context),
  ...rejectVendorRoute(context),
  ...suspendVendorRoute(context),
  ...reinstateVendorRoute(context),
  ...listVendorDocumentsRoute(context),
  ...addVendorDocumentRoute(context),
  ...approveVendorDocumentRoute(context),
  ...rejectVendorDocumentRoute(context),
  ...listVendorEntitiesRoute(context),
  ...assignVendorEntityRoute(context),
  ...unassignVendorEntityRoute(context),
  ...listVendorMembersRoute(context),
  ...addVendorMemberRoute(context),
  ...removeVendorMemberRoute(context),
  ...createVendorKeyRoute(context),
  ...revokeVendorKeyRoute(context),
  ...getVendorBalanceRoute(context),
  ...getVendorPerformanceRoute(context),
  ...getOwnVendorRoute(context),
  ...updateOwnVendorRoute(context),
  ...listOwnSubOrdersRoute(context),
  ...getOwnSubOrderRoute(context),
  ...confirmOwnSubOrderRoute(context),
  ...shipOwnSubOrderRoute(context),
  ...deliverOwnSubOrderRoute(context),
  ...cancelOwnSubOrderRoute(context),
  ...getOwnBalanceRoute(context),
  ...listOwnPayoutsRoute(context),
  ...listOwnReviewsRoute(context),
  ...listCommissionRulesRoute(context),
  ...createCommissionRuleRoute(context),
  ...updateCommissionRuleRoute(context),
  ...deleteCommissionRuleRoute(context),
  ...listSubOrdersRoute(context),
  ...getSubOrderRoute(context),
  ...changeSubOrderStatusRoute(context),
  ...listPayoutsRoute(context),
  ...runPayoutsRoute(context),
  ...retryPayoutRoute(context),
  ...openDisputeRoute(context),
  ...listDisputesRoute(context),
  ...respondToDisputeRoute(context),
  ...escalateDisputeRoute(context),
  ...resolveDisputeRoute(context),
  ...openReturnRoute(context),
  ...shipBackReturnRoute(context),
  ...receiveReturnRoute(context),
  ...createReviewRoute(context),
  ...listReviewsRoute(context),
  ...moderateReviewRoute(context),
];
