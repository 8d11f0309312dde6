import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { anyOf, queryTemplate } from "../../db/query-template.js";
import { BPS_SCALE, divideRounded } from "../../money/money-rounding.js";
import { regionRate, type TaxConfig } from "./tax-config.js";
import { taxScope } from "./tax-context.js";

/** Where a line's rate came from. */
export type TaxRateSource = "variant" | "entity" | "default" | "region" | "none";

export interface TaxLineInput {
  entityId: string;
  variantId?: string | null | undefined;
  /** The line's total in minor units: net when prices exclude tax, gross when they include it. */
  amount: number;
}

export interface TaxCalculationInput {
  organizationId: string;
  lines: readonly TaxLineInput[];
  /** Whether `amount`s include tax (the tax is then extracted from them). */
  isTaxInclusive: boolean;
  /** Where the goods go; selects the runtime region rate. */
  address?: { country: string; region?: string | null | undefined } | undefined;
}

export interface TaxedLine {
  entityId: string;
  variantId: string | null;
  taxClassId: string | null;
  rateBps: number;
  source: TaxRateSource;
  net: number;
  tax: number;
  gross: number;
}

export interface TaxCalculation {
  isTaxInclusive: boolean;
  lines: TaxedLine[];
  net: number;
  tax: number;
  gross: number;
}

/**
 * Splits an amount into net, tax and gross at a rate, per line, with the store's rounding rule (half away
 * from zero): exclusive `tax = round(net × rate)`; inclusive `net = round(gross ÷ (1 + rate))` and
 * `tax = gross − net`, so net + tax always equals gross exactly.
 */
export function splitTax(
  amount: number,
  rateBps: number,
  isTaxInclusive: boolean,
): { net: number; tax: number; gross: number } {
  if (isTaxInclusive) {
    const net = divideRounded(BigInt(amount) * BigInt(BPS_SCALE), BPS_SCALE + rateBps);
    return { net, tax: amount - net, gross: amount };
  }
  const tax = divideRounded(BigInt(amount) * BigInt(rateBps), BPS_SCALE);
  return { net: amount, tax, gross: amount + tax };
}

const activeClassesWithAssignments = queryTemplate(
  (db, args: { organizationId: string; entityIds: readonly string[] }) =>
    taxScope(db, args.organizationId)
      .selectFrom("taxClasses")
      .leftJoin("taxClassAssignments", (join) =>
        join
          .onRef("taxClassAssignments.taxClassId", "=", "taxClasses.id")
          .onRef("taxClassAssignments.organizationId", "=", "taxClasses.organizationId")
          .on("taxClassAssignments.entityId", "=", anyOf(args.entityIds, "uuid")),
      )
      .select([
        "taxClasses.id",
        "taxClasses.rateBps",
        "taxClasses.isDefault",
        "taxClassAssignments.entityId",
        "taxClassAssignments.variantId",
      ])
      .where("taxClasses.isActive", "=", true),
);

/**
 * Taxes each line. When the organization has active classes, a line's rate is its variant's class, else
 * its entity's class, else the organization's default class, else 0 (inactive classes are skipped).
 * Without active classes, the runtime rate of the address's region or country applies (`tax.regionRates`),
 * else 0. One query whatever the number of lines.
 */
export async function calculateTax(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  config: TaxConfig,
  input: TaxCalculationInput,
): Promise<TaxCalculation> {
  const entityIds = [...new Set(input.lines.map((line) => line.entityId))];
  // The active classes, each with the lines' entities assigned to it, in one statement (checkout runs
  // this in its transaction). An assignment to an inactive class is not joined, which is what skipping
  // it means below.
  const { rows } = await activeClassesWithAssignments.execute(db, { organizationId: input.organizationId, entityIds });
  const active = new Map(rows.map((row) => [row.id, { id: row.id, rateBps: row.rateBps, isDefault: row.isDefault }]));
  const assigned = new Map(
    rows.flatMap((row) => (row.entityId === null ? [] : [[`${row.entityId}:${row.variantId ?? ""}`, row.id] as const])),
  );
  const fallback = regionRate(config, input.address);
  const defaultClass = [...active.values()].find((row) => row.isDefault) ?? null;

  const lines = input.lines.map((line): TaxedLine => {
    let chosen: { taxClassId: string | null; rateBps: number; source: TaxRateSource } = {
      taxClassId: null,
      rateBps: 0,
      source: "none",
    };
    if (active.size > 0) {
      const candidates: [TaxRateSource, string | undefined][] = [
        ["variant", line.variantId ? assigned.get(`${line.entityId}:${line.variantId}`) : undefined],
        ["entity", assigned.get(`${line.entityId}:`)],
        ["default", defaultClass?.id],
      ];
      for (const [source, id] of candidates) {
        const taxClass = id ? active.get(id) : undefined;
        if (taxClass) {
          chosen = { taxClassId: taxClass.id, rateBps: taxClass.rateBps, source };
          break;
        }
      }
    } else if (fallback !== null) {
      chosen = { taxClassId: null, rateBps: fallback, source: "region" };
    }
    return {
      entityId: line.entityId,
      variantId: line.variantId ?? null,
      ...chosen,
      ...splitTax(line.amount, chosen.rateBps, input.isTaxInclusive),
    };
  });
  const sum = (key: "net" | "tax" | "gross") => lines.reduce((total, line) => total + line[key], 0);
  return { isTaxInclusive: input.isTaxInclusive, lines, net: sum("net"), tax: sum("tax"), gross: sum("gross") };
}
