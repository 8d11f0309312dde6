import { AppError } from "../../kernel/app-error.js";
import { isOutboundError } from "../../http/outbound/outbound-error.js";
import type { OutboundClient } from "../../http/outbound/outbound-client.js";

/**
 * Refuses, with a 422 on `body.url`, a target every delivery would refuse (the outbound client's
 * `checkRegistration`: in production, a name that does not exist or whose addresses the policy refuses).
 */
export async function assertRegistrableTarget(url: string, outbound: OutboundClient): Promise<void> {
  try {
    await outbound.checkRegistration(url);
  } catch (error) {
    if (!isOutboundError(error)) throw error;
    const how =
      error.code === "OUTBOUND_TARGET_REFUSED"
        ? "; production delivers only to public addresses unless the configuration's outbound.targets allows others"
        : "";
    throw AppError.validation([{ path: "body.url", message: `${error.detail}${how}` }]);
  }
}
