import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { regionRate, type TaxConfig } from "./tax-config.js";
import { taxScope } from "./tax-context.js";

/** The rate something taxed by class alone (not an entity: a shipping charge) pays. */
export interface ClassRate {
  taxClassId: string | null;
  rateBps: number;
}

/** Answers the rate of a class, or of no class (null), for one organization and address. */
export type ClassRateOf = (taxClassId: string | null) => ClassRate;

/**
 * The rates of tax classes by the rule lines follow, minus the entity: with active classes, the named
 * class when active, else the default class, else 0; without any active class, the runtime rate of the
 * address's region or country (`tax.regionRates`), else 0. One query for every class asked after it.
 */
export async function classRates(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  config: TaxConfig,
  input: { organizationId: string; address?: { country: string; region?: string | null | undefined } | undefined },
): Promise<ClassRateOf> {
  const rows = await taxScope(db, input.organizationId)
    .selectFrom("taxClasses")
    .select(["id", "rateBps", "isDefault"])
    .where("isActive", "=", true)
    .execute();
  if (rows.length === 0) {
    const fallback = regionRate(config, input.address);
    return () => ({ taxClassId: null, rateBps: fallback ?? 0 });
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byDefault = rows.find((row) => row.isDefault);
  return (taxClassId) => {
    const chosen = (taxClassId === null ? undefined : byId.get(taxClassId)) ?? byDefault;
    return chosen ? { taxClassId: chosen.id, rateBps: chosen.rateBps } : { taxClassId: null, rateBps: 0 };
  };
}
