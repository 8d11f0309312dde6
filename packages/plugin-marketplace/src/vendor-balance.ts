import type { z } from "zod";
import type { TxOptions } from "@unified-commerce/plugin-sdk";
import { holdingCutoff, readBalances, recentEntries } from "./ledger.js";
import type { vendorBalanceSchema } from "./ledger-schemas.js";
import type { MarketplaceContext } from "./marketplace-context.js";
import { readVendorRow } from "./vendors.js";

export type VendorBalance = z.output<typeof vendorBalanceSchema>;

/** A vendor's balance: summed from its ledger on every read (there is no stored balance to drift). */
export function createBalanceOperations(context: MarketplaceContext) {
  const { database, settings } = context;
  return {
    balance: async (organizationId: string, vendorId: string, options?: TxOptions): Promise<VendorBalance> => {
      const db = options?.trx ?? database.db;
      await readVendorRow(db, organizationId, vendorId);
      const cutoff = holdingCutoff(settings.holdingPeriodDays);
      const [balances, entries] = await Promise.all([
        readBalances(db, organizationId, [vendorId], cutoff),
        recentEntries(db, organizationId, vendorId),
      ]);
      return {
        vendorId,
        holdingPeriodDays: settings.holdingPeriodDays,
        balances: balances.get(vendorId) ?? [],
        recentEntries: entries,
      };
    },
  };
}
