/** A country's runtime rate, with optional overrides per region. */
export interface RegionRate {
  /** Rate in basis points (2000 = 20 %). */
  rateBps: number;
  /** Region code (ISO 3166-2 subdivision without the country prefix, e.g. `CA`) to its rate in basis points. */
  regions?: Record<string, number>;
}

/** Taxes computed at runtime, configured in `commerce.config.ts` under `tax`. */
export interface TaxConfig {
  /**
   * Rates by ISO 3166-1 alpha-2 country code (upper case), used for organizations that have no active
   * tax class: active classes take precedence over these. A region's rate wins over its country's.
   * @default {} (no runtime rates: lines of organizations without classes are untaxed)
   */
  regionRates?: Record<string, RegionRate>;
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    /**
     * Runtime tax rates by country and region (`regionRates`), used for organizations without active tax
     * classes; active classes take precedence. Rates are basis points. @default {} (no runtime rates)
     */
    tax?: TaxConfig;
  }
}

const isRate = (value: unknown): boolean =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 10_000;

/** Fails boot on a malformed `tax` section, naming the bad key. */
export function assertTaxConfig(config: TaxConfig | undefined): void {
  for (const [country, rate] of Object.entries(config?.regionRates ?? {})) {
    if (!/^[A-Z]{2}$/.test(country))
      throw new Error(`tax.regionRates: "${country}" is not an upper-case ISO 3166-1 alpha-2 country code`);
    if (!isRate(rate.rateBps))
      throw new Error(`tax.regionRates.${country}.rateBps must be an integer from 0 to 10000 basis points`);
    for (const [region, bps] of Object.entries(rate.regions ?? {})) {
      if (!isRate(bps))
        throw new Error(`tax.regionRates.${country}.regions.${region} must be an integer from 0 to 10000 basis points`);
    }
  }
}

/** The runtime rate of a place, or null when none is configured. */
export function regionRate(
  config: TaxConfig | undefined,
  address: { country: string; region?: string | null | undefined } | undefined,
): number | null {
  if (!address) return null;
  const country = config?.regionRates?.[address.country.toUpperCase()];
  if (!country) return null;
  const region = address.region ? country.regions?.[address.region.toUpperCase()] : undefined;
  return region ?? country.rateBps;
}
