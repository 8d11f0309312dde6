export { pos } from "./pos-plugin.js";
export type { PosOptions, PinHashingOptions } from "./pos-options.js";
export { posErrors, posEvents, posApiKeyScopes, overrideActions, type OverrideAction } from "./pos-declarations.js";
export type { PosService } from "./pos-service.js";
export type { ShiftStarted } from "./pos-shifts.js";
export type { IssuedOverride, ConsumeOverrideInput } from "./pos-overrides.js";
export type { ExchangeInput, ExchangeResult } from "./pos-exchanges.js";
export { MANAGER_PERMISSION } from "./pos-overrides.js";
