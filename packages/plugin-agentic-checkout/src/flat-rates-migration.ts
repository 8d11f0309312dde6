import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { SHIPPING_SETTINGS_GROUP } from "./acp-declarations.js";
import { flatRateSchema, type FlatRate } from "./flat-rates.js";

/** Every ISO 3166-1 alpha-2 region ICU names: a flat rate without `countries` shipped everywhere. */
function everyCountry(): string[] {
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const codes: string[] = [];
  for (const first of letters)
    for (const second of letters) {
      const code = `${first}${second}`;
      // ICU names private-use and reserved codes too (XA, ZZ...): keep the assigned ones only.
      if (names.of(code) && !/^(A[AZ]|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN)$/.test(code)) codes.push(code);
    }
  return codes.slice(0, 300);
}

/**
 * Each store's `agentic-shipping` flat rates become shipping options of the shipping module, which prices
 * the agentic checkout's shipping from now on: per rate, a zone of its countries (everywhere when it had
 * none) and a `flat` option in the default profile (made, named `default`, when the store has none), priced
 * with the rate's amounts. Written in SQL against the module's tables because a migration runs before any
 * service exists; the settings group is left as it was. A store without the group gets nothing: it adds its
 * options through `/api/shipping/options`.
 */
export async function migrateFlatRates(db: Kysely<unknown>): Promise<void> {
  // One-word aliases: the same whether or not the connection camel-cases column names.
  const stored = await sql<{ organization: string; value: { flatRates?: unknown } }>`
    select organization_id as organization, value from settings_groups where group_name = ${SHIPPING_SETTINGS_GROUP}`.execute(
    db,
  );
  for (const { organization: organizationId, value } of stored.rows) {
    const rates = flatRateSchema.array().safeParse(value.flatRates);
    if (!rates.success || rates.data.length === 0) continue;
    const profileId = await defaultProfileOf(db, organizationId);
    for (const rate of rates.data) await insertOption(db, organizationId, profileId, rate);
  }
}

async function defaultProfileOf(db: Kysely<unknown>, organizationId: string): Promise<string> {
  const existing = await sql<{ id: string }>`
    select id from shipping_profiles where organization_id = ${organizationId} and is_default`.execute(db);
  if (existing.rows[0]) return existing.rows[0].id;
  const id = randomUUID();
  await sql`insert into shipping_profiles (id, organization_id, name, is_default)
    values (${id}, ${organizationId}, 'default', true)`.execute(db);
  return id;
}

async function insertOption(db: Kysely<unknown>, organizationId: string, profileId: string, rate: FlatRate) {
  const zoneId = randomUUID();
  const countries = rate.countries?.length ? rate.countries : everyCountry();
  await sql`insert into shipping_zones (id, organization_id, name, countries)
    values (${zoneId}, ${organizationId}, ${`${rate.title} (agentic checkout)`}, ${JSON.stringify(countries)})`.execute(
    db,
  );
  const amounts = Object.fromEntries(Object.entries(rate.amounts).map(([currency, amount]) => [currency, { amount }]));
  const name = rate.carrier ? `${rate.title} (${rate.carrier})` : rate.title;
  await sql`insert into shipping_options (id, organization_id, name, zone_id, profile_id, calculator, rates)
    values (${randomUUID()}, ${organizationId}, ${name}, ${zoneId}, ${profileId}, 'flat', ${JSON.stringify(amounts)})`.execute(
    db,
  );
}
