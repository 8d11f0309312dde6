export {
  createOutboundClient,
  type OutboundClient,
  type OutboundOptions,
  type OutboundRequestInit,
  type OutboundResponse,
  type CreateOutboundClientInput,
} from "./outbound-client.js";
export { OutboundError, isOutboundError, type OutboundErrorCode } from "./outbound-error.js";
export { specialRangeOf, type SpecialRange, type AddressCategory } from "./address-ranges.js";
export { refusalReason, systemResolver, type HostResolver, type TargetPolicy } from "./target-policy.js";
