import { sql, type Kysely, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { anyOf, queryTemplate } from "../../db/query-template.js";
import { basisPointsOf, MAX_MINOR_UNITS } from "../../money/money-rounding.js";
import { pricingScope } from "./pricing-context.js";
import type { ModifierKind } from "./pricing-tables.js";

/** A modifier as resolution needs it. */
export interface ModifierRule {
  id: string;
  kind: ModifierKind;
  /** Basis points (`percentage`) or minor units (`fixed`), signed. */
  value: number;
  priority: number;
}

/** One step of a resolution: which modifier changed the amount, and by how much (after rounding and the floor). */
export interface AppliedModifier {
  id: string;
  kind: ModifierKind;
  value: number;
  delta: number;
}

/**
 * Applies modifiers to a base amount, in the one documented order: every `percentage` modifier first,
 * then every `fixed` one; within a kind by `priority` ascending, then id (a stable tie-break). Each
 * percentage applies to the running amount, and the change it makes is rounded half away from zero at
 * once (-502.5 → -503, +502.5 → +503); the running
 * amount is kept between 0 and `MAX_MINOR_UNITS` after every step, so the result is a non-negative
 * safe integer of minor units.
 */
export function applyModifiers(
  baseAmount: number,
  modifiers: readonly ModifierRule[],
): { amount: number; applied: AppliedModifier[] } {
  const ordered = [...modifiers].sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === "percentage" ? -1 : 1) ||
      a.priority - b.priority ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  let amount = baseAmount;
  const applied: AppliedModifier[] = [];
  for (const modifier of ordered) {
    const change = modifier.kind === "percentage" ? basisPointsOf(amount, modifier.value) : modifier.value;
    const next = Math.min(MAX_MINOR_UNITS, Math.max(0, amount + change));
    applied.push({ id: modifier.id, kind: modifier.kind, value: modifier.value, delta: next - amount });
    amount = next;
  }
  return { amount, applied };
}

/** A stored price candidate for a line. */
export interface PriceCandidate {
  id: string;
  entityId: string;
  variantId: string | null;
  customerGroupId: string | null;
  amount: number;
}

/**
 * Picks the price that applies to a line, most specific first: the variant's group price, the variant's
 * base price, the entity's group price, the entity's base price. When the customer belongs to several
 * groups with a price at the same level, the lowest one wins (ties by id).
 */
export function pickPrice(
  candidates: readonly PriceCandidate[],
  line: { entityId: string; variantId?: string | null },
): PriceCandidate | null {
  const levels = line.variantId ? [line.variantId, null] : [null];
  for (const variantId of levels) {
    const atLevel = candidates.filter(
      (candidate) => candidate.entityId === line.entityId && candidate.variantId === variantId,
    );
    const groups = atLevel
      .filter((candidate) => candidate.customerGroupId !== null)
      .sort((a, b) => a.amount - b.amount || (a.id < b.id ? -1 : 1));
    const chosen = groups[0] ?? atLevel.find((candidate) => candidate.customerGroupId === null);
    if (chosen) return chosen;
  }
  return null;
}

/** A line to price. */
export interface PriceLine {
  entityId: string;
  variantId?: string | null;
}

/** The price of one line, resolved. */
export interface ResolvedPrice {
  entityId: string;
  variantId: string | null;
  currency: string;
  /** The stored price that was chosen. */
  priceId: string;
  /** Group of the chosen price; null for the base price. */
  customerGroupId: string | null;
  /** The stored amount, before modifiers. */
  baseAmount: number;
  /** What the customer pays per unit, in minor units: never negative, never fractional. */
  amount: number;
  modifiers: AppliedModifier[];
}

export interface ResolveInput {
  organizationId: string;
  currency: string;
  /** Groups the customer belongs to; their prices and modifiers apply. */
  customerGroupIds?: readonly string[];
  lines: readonly PriceLine[];
  /** Moment the modifiers' windows are judged at. @default now */
  at?: Date;
}

/**
 * Resolves the unit price of each line: two queries (prices, modifiers) whatever the number of lines.
 * A line without any matching price resolves to null. `db` may be a caller's transaction (checkout).
 */
export async function resolvePrices(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  input: ResolveInput,
): Promise<(ResolvedPrice | null)[]> {
  if (input.lines.length === 0) return [];
  const entityIds = [...new Set(input.lines.map((line) => line.entityId))];
  const groups = [...new Set(input.customerGroupIds ?? [])];
  const at = input.at ?? new Date();
  const [{ rows: prices }, modifiers] = await Promise.all([
    candidatePrices.execute(db, {
      organizationId: input.organizationId,
      entityIds,
      currency: input.currency,
      customerGroupIds: groups,
    }),
    activeModifiers(db, {
      organizationId: input.organizationId,
      entityIds,
      currency: input.currency,
      customerGroupIds: groups,
      at,
    }),
  ]);
  return input.lines.map((line) => {
    const chosen = pickPrice(prices, line);
    if (!chosen) return null;
    const applicable = modifiers.filter((modifier) => appliesTo(modifier, line));
    const { amount, applied } = applyModifiers(chosen.amount, applicable);
    return {
      entityId: line.entityId,
      variantId: line.variantId ?? null,
      currency: input.currency,
      priceId: chosen.id,
      customerGroupId: chosen.customerGroupId,
      baseAmount: chosen.amount,
      amount,
      modifiers: applied,
    };
  });
}

/** A modifier row with its target, as read for resolution. */
export interface TargetedModifier extends ModifierRule {
  entityId: string | null;
  variantId: string | null;
  currency: string | null;
}

export const appliesTo = (modifier: { entityId: string | null; variantId: string | null }, line: PriceLine): boolean =>
  (modifier.entityId === null || modifier.entityId === line.entityId) &&
  (modifier.variantId === null || modifier.variantId === (line.variantId ?? null));

/** The base prices of the entities in a currency, and those of the groups (none: base prices only). */
const candidatePrices = queryTemplate(
  (
    db,
    args: {
      organizationId: string;
      entityIds: readonly string[];
      currency: string;
      customerGroupIds: readonly string[];
    },
  ) =>
    pricingScope(db, args.organizationId)
      .selectFrom("pricingPrices")
      .select(["id", "entityId", "variantId", "customerGroupId", "amount"])
      .where("entityId", "=", anyOf(args.entityIds, "uuid"))
      .where("currency", "=", args.currency)
      .where((eb) =>
        eb.or([eb("customerGroupId", "is", null), eb("customerGroupId", "=", anyOf(args.customerGroupIds, "text"))]),
      ),
);

interface ModifierQuery {
  organizationId: string;
  entityIds: readonly string[];
  customerGroupIds: readonly string[];
  at: Date;
}

/** Active modifiers within their window that may touch the entities, whatever their currency. */
const modifiersQuery = (db: Kysely<CoreTables>, args: ModifierQuery) =>
  pricingScope(db, args.organizationId)
    .selectFrom("pricingModifiers")
    .select(["id", "kind", "value", "priority", "entityId", "variantId", "currency"])
    .where("isActive", "=", true)
    .where((eb) => eb.or([eb("entityId", "is", null), eb("entityId", "=", anyOf(args.entityIds, "uuid"))]))
    .where((eb) =>
      eb.or([eb("customerGroupId", "is", null), eb("customerGroupId", "=", anyOf(args.customerGroupIds, "text"))]),
    )
    .where(sql<boolean>`(starts_at is null or starts_at <= ${args.at}) and (ends_at is null or ends_at > ${args.at})`);

const modifiersInAnyCurrency = queryTemplate(modifiersQuery);

const modifiersInCurrency = queryTemplate((db, args: ModifierQuery & { currency: string }) =>
  modifiersQuery(db, args).where((eb) => eb.or([eb("currency", "is", null), eb("currency", "=", args.currency)])),
);

/** Active modifiers within their window that may touch the entities, in one query; without `currency`, those of every currency. */
export async function activeModifiers(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  input: ModifierQuery & { currency?: string },
): Promise<TargetedModifier[]> {
  const { currency } = input;
  const { rows } = currency
    ? await modifiersInCurrency.execute(db, { ...input, currency })
    : await modifiersInAnyCurrency.execute(db, input);
  return rows.map((row) => ({ ...row, value: Number(row.value) }));
}
