import { AppError } from "../../kernel/app-error.js";
import { defineErrors, type ErrorCodesOf } from "../../kernel/error-codes.js";
import { defineErrorReasons } from "../../kernel/error-reasons.js";

/** Error codes the shipping module answers with. */
export const shippingErrorCodes = defineErrors({
  TRACKING_WEBHOOK_REJECTED: { status: 400, message: "The tracking webhook could not be verified" },
});

declare module "../../kernel/error-codes.js" {
  interface ErrorCodes extends ErrorCodesOf<typeof shippingErrorCodes> {}
}

/**
 * The shipping module's own failures, each answered as the generic code the spec names with its code in
 * `details.reason`: checkout maps the two selection failures to its CHECKOUT_FAILED reasons by these codes.
 */
export const shippingErrorReasons = defineErrorReasons({
  /** A line ships, the store has options, and no option was chosen for the line's profile. */
  SHIPPING_REQUIRED: { code: "VALIDATION_FAILED", message: "Choose a shipping option for every group of lines" },
  /** The chosen option is unknown, inactive, or does not apply to the cart (address, currency, rules). */
  SHIPPING_OPTION_UNAVAILABLE: { code: "VALIDATION_FAILED", message: "The shipping option does not apply" },
  PROFILE_IN_USE: { code: "CONFLICT", message: "The shipping profile still has options" },
  DEFAULT_PROFILE: { code: "CONFLICT", message: "The default shipping profile cannot be deleted" },
  /** The carrier already delivered (or returned) the parcel: there is nothing left to cancel. */
  SHIPMENT_DELIVERED: { code: "CONFLICT", message: "A delivered shipment cannot be cancelled" },
  /** The shipment's provider has no `cancelShipment`. */
  CANCEL_NOT_SUPPORTED: { code: "CONFLICT", message: "The shipment's provider cannot cancel shipments" },
});

/** The shipping module's coded failures, by what went wrong. */
export const shippingErrors = {
  profileNotFound: () => AppError.notFound("Shipping profile"),
  zoneNotFound: () => AppError.notFound("Shipping zone"),
  optionNotFound: () => AppError.notFound("Shipping option"),
  providerNotFound: () => AppError.notFound("Fulfillment provider"),
  shipmentNotFound: () => AppError.notFound("Shipment"),
  delivered: (status: string) => shippingErrorReasons.error("SHIPMENT_DELIVERED", { details: { status } }),
  cancelNotSupported: (providerId: string) =>
    shippingErrorReasons.error("CANCEL_NOT_SUPPORTED", { details: { providerId } }),
  webhookRejected: (message: string) => new AppError("TRACKING_WEBHOOK_REJECTED", { message }),
  invalid: (path: string, message: string) => AppError.validation([{ path, message }]),
  required: (profileId: string | null) => shippingErrorReasons.error("SHIPPING_REQUIRED", { details: { profileId } }),
  unavailable: (optionId: string, why: string) =>
    shippingErrorReasons.error("SHIPPING_OPTION_UNAVAILABLE", {
      message: `Shipping option ${optionId} does not apply: ${why}`,
      details: { optionId, optionReason: why },
    }),
};
