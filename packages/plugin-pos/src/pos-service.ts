import type { DatabaseAccess, EventBus, Services } from "@unified-commerce/plugin-sdk";
import { createOperatorPins } from "./operator-pins.js";
import { createPosExchanges } from "./pos-exchanges.js";
import type { ResolvedPosOptions } from "./pos-options.js";
import { createPosOverrides } from "./pos-overrides.js";
import { createPosShifts } from "./pos-shifts.js";

export interface PosServiceContext {
  database: DatabaseAccess;
  events: EventBus;
  services: Services;
  options: ResolvedPosOptions;
}

/**
 * `services.pos`: operators' PINs and lockout, shifts (PIN sign-in minting a per-shift API key), manager
 * overrides (issued by PIN, spent once by the action they approve) and exchanges.
 */
export function createPosService({ database, events, services, options }: PosServiceContext) {
  const pins = createOperatorPins({ options, services });
  return {
    pins,
    shifts: createPosShifts({ database, events, services, pins, options }),
    overrides: createPosOverrides({ database, events, services, pins, options }),
    exchanges: createPosExchanges({ database, events, services }),
  };
}

export type PosService = ReturnType<typeof createPosService>;
