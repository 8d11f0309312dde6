import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables, Services } from "@unified-commerce/plugin-sdk";
import type { subOrderShippingMethodSchema } from "./sub-order-schemas.js";

type SubOrderShippingMethod = z.output<typeof subOrderShippingMethodSchema>;

/** An order's shipping method as `orders.create` carries it (the fields the split reads). */
export interface OrderShippingMethod {
  optionId: string;
  profileId: string | null;
  name: string;
  isPickup: boolean;
  warehouseId: string | null;
  tax: number;
  gross: number;
}

interface SplitLine {
  entityId: string;
  variantId: string | null;
  quantity: number;
  total: number;
}

const keyOf = (line: { entityId: string; variantId: string | null }) => `${line.entityId}:${line.variantId}`;

/**
 * Each vendor's share of the order's shipping methods. A method ships the lines of its shipping profile
 * (the shipping module groups the order's lines by profile, `requiresShipping` lines only; without a
 * grouping, an order of one method ships every line). A vendor's sub-order carries every method that ships
 * one of its lines, with a share of its price proportional to those lines' totals among all the lines the
 * method ships, rounded down: the cents left over, and the share of the store's own lines, stay the
 * marketplace's. Answers the methods per vendor id (a vendor whose lines ship with nothing gets none).
 */
export async function shippingPerVendor(
  services: Services,
  trx: Transaction<CoreTables>,
  input: {
    organizationId: string;
    currency: string;
    methods: readonly OrderShippingMethod[];
    lines: readonly SplitLine[];
    vendorOf: ReadonlyMap<string, string>;
  },
): Promise<Map<string, SubOrderShippingMethod[]>> {
  const perVendor = new Map<string, SubOrderShippingMethod[]>();
  if (input.methods.length === 0) return perVendor;
  // Which profile each line ships with: the module's grouping, pricing no option (`onlyOptionIds: []`).
  const quote = await services.shipping.quote(
    {
      organizationId: input.organizationId,
      currency: input.currency,
      isTaxInclusive: false,
      address: null,
      lines: input.lines.map((line) => ({ ...line, amount: line.total })),
      isFreeShipping: false,
      onlyOptionIds: [],
    },
    { trx },
  );
  for (const method of input.methods) {
    const group = quote.groups.find((candidate) => candidate.profileId === method.profileId);
    const shipped = group
      ? input.lines.filter((line) => group.lines.some((grouped) => keyOf(grouped) === keyOf(line)))
      : input.methods.length === 1
        ? input.lines
        : [];
    const base = shipped.reduce((sum, line) => sum + line.total, 0);
    const byVendor = new Map<string, number>();
    for (const line of shipped) {
      const vendorId = input.vendorOf.get(line.entityId);
      if (vendorId) byVendor.set(vendorId, (byVendor.get(vendorId) ?? 0) + line.total);
    }
    for (const [vendorId, amount] of byVendor) {
      // No line total to weigh by (free lines): the vendor's share is by its number of shipped lines.
      const weight =
        base > 0
          ? amount / base
          : shipped.filter((line) => input.vendorOf.get(line.entityId) === vendorId).length / shipped.length;
      const gross = Math.floor(method.gross * weight);
      const tax = Math.min(gross, Math.floor(method.tax * weight));
      perVendor.set(vendorId, [
        ...(perVendor.get(vendorId) ?? []),
        {
          optionId: method.optionId,
          profileId: method.profileId,
          name: method.name,
          isPickup: method.isPickup,
          warehouseId: method.warehouseId,
          gross,
          tax,
        },
      ]);
    }
  }
  return perVendor;
}
