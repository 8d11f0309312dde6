import type { z } from "zod";
import { anyOf } from "../../db/query-template.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { splitTax, type ClassRateOf } from "../tax/index.js";
import { calculatePrice, type ShipmentMeasure } from "./shipping-calculators.js";
import { shippingScope, type ShippingContext } from "./shipping-context.js";
import type {
  quotedShippingOptionSchema,
  ShippingIneligibleReason,
  shippingAddressSchema,
  shippingGroupSchema,
  shippingQuoteSchema,
} from "./shipping-schemas.js";
import { isInZone } from "./zone-matching.js";

export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type QuotedShippingOption = z.output<typeof quotedShippingOptionSchema>;
export type ShippingGroup = z.output<typeof shippingGroupSchema>;
export type ShippingQuote = z.output<typeof shippingQuoteSchema>;

/** A cart line as shipping sees it: what it is, how many, and what it costs after its discount. */
export interface ShippingLineInput {
  entityId: string;
  variantId: string | null;
  quantity: number;
  /** subtotal − discount, in the cart's minor units (net or gross, as the cart's prices are). */
  amount: number;
}

export interface ShippingQuoteInput {
  organizationId: string;
  currency: string;
  isTaxInclusive: boolean;
  /** Null: only pickup options can apply. */
  address: ShippingAddress | null;
  lines: readonly ShippingLineInput[];
  /** An applied `free_shipping` promotion: every option that applies costs 0. */
  isFreeShipping: boolean;
  /**
   * Price only these options (the cart's chosen ones): a cart's answer and checkout need no other, and a
   * carrier-priced option not chosen is never asked for. @default every active option
   */
  onlyOptionIds?: readonly string[] | undefined;
}

/** The line's resolved attributes: the variant's field, else the entity's, else the default. */
export interface Resolved {
  requiresShipping: boolean;
  weightGrams: number;
  profileId: string | null;
}

const activeOptions = (context: ShippingContext, organizationId: string, options?: TxOptions) =>
  shippingScope(options?.trx ?? context.db, organizationId)
    .selectFrom("shippingOptions")
    .leftJoin("shippingZones", "shippingZones.id", "shippingOptions.zoneId")
    .select([
      "shippingOptions.id",
      "shippingOptions.name",
      "shippingOptions.profileId",
      "shippingOptions.calculator",
      "shippingOptions.rateProviderId",
      "shippingOptions.rates",
      "shippingOptions.taxClassId",
      "shippingOptions.minWeightGrams",
      "shippingOptions.maxWeightGrams",
      "shippingOptions.isPickup",
      "shippingOptions.warehouseId",
      "shippingZones.countries",
      "shippingZones.regions",
      "shippingZones.postalPatterns",
    ])
    .where("shippingOptions.isActive", "=", true)
    .execute();

type OptionRow = Awaited<ReturnType<typeof activeOptions>>[number];

/**
 * Each line's shipping attributes: the variant's field, else the entity's, else the default (ships, weighs
 * 0, the default profile). Two reads whatever the number of lines.
 */
export async function resolveShippingAttributes(
  context: ShippingContext,
  organizationId: string,
  lines: readonly { entityId: string; variantId: string | null }[],
  options?: TxOptions,
): Promise<Resolved[]> {
  const scope = shippingScope(options?.trx ?? context.db, organizationId);
  const entityIds = [...new Set(lines.map((line) => line.entityId))];
  const [rows, defaultProfile] = await Promise.all([
    scope
      .selectFrom("shippingAttributes")
      .select(["entityId", "variantId", "weightGrams", "requiresShipping", "profileId"])
      .where("entityId", "=", anyOf(entityIds, "uuid"))
      .execute(),
    scope.selectFrom("shippingProfiles").select("id").where("isDefault", "=", true).executeTakeFirst(),
  ]);
  const byKey = new Map(rows.map((row) => [`${row.entityId}:${row.variantId ?? ""}`, row]));
  return lines.map((line) => {
    const own = line.variantId ? byKey.get(`${line.entityId}:${line.variantId}`) : undefined;
    const entity = byKey.get(`${line.entityId}:`);
    return {
      requiresShipping: own?.requiresShipping ?? entity?.requiresShipping ?? true,
      weightGrams: own?.weightGrams ?? entity?.weightGrams ?? 0,
      profileId: own?.profileId ?? entity?.profileId ?? defaultProfile?.id ?? null,
    };
  });
}

/** A group's lines and measure, as an option prices them. */
interface Parcel {
  lines: ShippingGroup["lines"];
  measure: ShipmentMeasure;
}

/**
 * The option's price before tax: its calculator's, or for a `carrier` option the carrier's (its subtotal
 * rules still apply first), falling back to `rates[currency].amount` when the carrier fails or times out.
 */
async function optionPrice(
  context: ShippingContext,
  option: OptionRow,
  input: ShippingQuoteInput,
  parcel: Parcel,
): Promise<
  { amount: number; isFree: boolean; source: QuotedShippingOption["rateSource"] } | { reason: ShippingIneligibleReason }
> {
  const rate = option.rates[input.currency];
  if (!rate) return { reason: "CURRENCY_NOT_PRICED" };
  const price = calculatePrice(option.calculator, rate, parcel.measure);
  if (option.calculator !== "carrier" || option.rateProviderId === null)
    return "reason" in price ? price : { ...price, source: "table" };
  if ("reason" in price && price.reason !== "CARRIER_UNAVAILABLE") return price;
  const answer = await context.carriers.price(option.rateProviderId, {
    organizationId: input.organizationId,
    optionId: option.id,
    currency: input.currency,
    address: input.address,
    parcel: { ...parcel.measure, lines: parcel.lines },
  });
  if (answer === "declined") return { reason: "CARRIER_DECLINED" };
  if (answer !== "unavailable") return { amount: answer.amount, isFree: false, source: "carrier" };
  return "reason" in price ? price : { ...price, source: "fallback" };
}

async function priceOption(
  context: ShippingContext,
  option: OptionRow,
  input: ShippingQuoteInput,
  parcel: Parcel,
  rateOf: ClassRateOf,
): Promise<QuotedShippingOption> {
  const base = {
    id: option.id,
    name: option.name,
    calculator: option.calculator,
    isPickup: option.isPickup,
    warehouseId: option.warehouseId,
  };
  const refuse = (reason: ShippingIneligibleReason): QuotedShippingOption => ({
    ...base,
    isApplicable: false,
    reason,
    rateSource: "table",
    isFree: false,
    amount: 0,
    taxClassId: null,
    taxRateBps: 0,
    net: 0,
    tax: 0,
    gross: 0,
  });
  if (!option.isPickup) {
    if (!input.address) return refuse("ADDRESS_REQUIRED");
    const zone = {
      countries: option.countries ?? [],
      regions: option.regions ?? [],
      postalPatterns: option.postalPatterns ?? [],
    };
    if (!isInZone(zone, input.address)) return refuse("ZONE_MISMATCH");
  }
  const { weightGrams } = parcel.measure;
  if (option.minWeightGrams !== null && weightGrams < option.minWeightGrams) return refuse("WEIGHT_BELOW_MINIMUM");
  if (option.maxWeightGrams !== null && weightGrams > option.maxWeightGrams) return refuse("WEIGHT_ABOVE_MAXIMUM");
  const price = await optionPrice(context, option, input, parcel);
  if ("reason" in price) return refuse(price.reason);
  const amount = input.isFreeShipping ? 0 : price.amount;
  const taxed = rateOf(option.taxClassId);
  return {
    ...base,
    isApplicable: true,
    reason: null,
    rateSource: price.source,
    isFree: amount === 0 && (input.isFreeShipping || price.isFree),
    amount,
    taxClassId: taxed.taxClassId,
    taxRateBps: taxed.rateBps,
    ...splitTax(amount, taxed.rateBps, input.isTaxInclusive),
  };
}

/**
 * What shipping a cart takes: its shippable lines grouped by shipping profile (a line's variant's
 * profile, else its entity's, else the default), and for each group every active option of that profile
 * priced in the cart's currency with its tax (the option's class, else the default class, else the
 * address's region rate; inclusive or exclusive as the cart's prices), the ones that do not apply with
 * their reason. A store without any active option requires no shipping (one query, nothing else read).
 */
export async function quoteShipping(
  context: ShippingContext,
  input: ShippingQuoteInput,
  options?: TxOptions,
): Promise<ShippingQuote> {
  if (input.lines.length === 0) return { isRequired: false, groups: [] };
  const rows = await activeOptions(context, input.organizationId, options);
  if (rows.length === 0) return { isRequired: false, groups: [] };
  const resolved = await resolveShippingAttributes(context, input.organizationId, input.lines, options);
  const groups = new Map<string | null, { lines: ShippingGroup["lines"]; measure: ShipmentMeasure }>();
  input.lines.forEach((line, index) => {
    const attributes = resolved[index] as Resolved;
    if (!attributes.requiresShipping) return;
    let group = groups.get(attributes.profileId);
    if (!group) {
      group = { lines: [], measure: { subtotal: 0, weightGrams: 0, itemCount: 0 } };
      groups.set(attributes.profileId, group);
    }
    group.lines.push({ entityId: line.entityId, variantId: line.variantId, quantity: line.quantity });
    group.measure.subtotal += line.amount;
    group.measure.weightGrams += attributes.weightGrams * line.quantity;
    group.measure.itemCount += line.quantity;
  });
  if (groups.size === 0) return { isRequired: false, groups: [] };
  const only = input.onlyOptionIds === undefined ? null : new Set(input.onlyOptionIds);
  const priced = only === null ? rows : rows.filter((row) => only.has(row.id));
  const address = input.address ? { country: input.address.country, region: input.address.state } : undefined;
  const rateOf: ClassRateOf =
    priced.length === 0
      ? () => ({ taxClassId: null, rateBps: 0 })
      : await context.services.tax.classRates({ organizationId: input.organizationId, address }, options);
  const quoted = await Promise.all(
    [...groups].map(async ([profileId, group]) => ({
      profileId,
      lines: group.lines,
      weightGrams: group.measure.weightGrams,
      subtotal: group.measure.subtotal,
      // Carriers of one group are asked concurrently; each waits at most `shipping.rateTimeoutMs`.
      options: (
        await Promise.all(
          priced
            .filter((row) => row.profileId === profileId)
            .map((row) => priceOption(context, row, input, group, rateOf)),
        )
      ).sort(
        (a, b) => Number(b.isApplicable) - Number(a.isApplicable) || a.gross - b.gross || (a.name < b.name ? -1 : 1),
      ),
    })),
  );
  return { isRequired: true, groups: quoted };
}
