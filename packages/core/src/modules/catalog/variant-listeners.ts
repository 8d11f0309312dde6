import type { Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";

/** Variants a catalog operation created, handed to listeners inside its transaction. */
export interface VariantsCreated {
  trx: Transaction<CoreTables>;
  organizationId: string;
  entityId: string;
  variantIds: readonly string[];
  /** True for `variants/quick`, which promises zero stock rows for the new variant. */
  isStockSeeded: boolean;
  /** Warehouse named by the request, when it named one. */
  warehouseId?: string;
}

/**
 * Reactions of other modules to new variants (inventory seeds zero stock rows), run in the catalog's
 * transaction so a variant and its stock rows exist together or not at all. The catalog does not know
 * inventory: inventory registers here.
 */
export interface VariantListeners {
  add(listener: (event: VariantsCreated) => Promise<void>): void;
  notify(event: VariantsCreated): Promise<void>;
}

export function createVariantListeners(): VariantListeners {
  const listeners: ((event: VariantsCreated) => Promise<void>)[] = [];
  return {
    add: (listener) => void listeners.push(listener),
    async notify(event) {
      for (const listener of listeners) await listener(event);
    },
  };
}
