/** The parts of an address a zone looks at. */
export interface ZoneAddress {
  country: string;
  state?: string | null | undefined;
  postalCode?: string | null | undefined;
}

/** The parts of a zone matching reads. */
export interface ZoneRules {
  countries: readonly string[];
  regions: readonly string[];
  postalPatterns: readonly string[];
}

const normalise = (value: string): string => value.replace(/\s+/g, "").toUpperCase();

const patterns = new Map<string, RegExp>();

/** `75*` → /^75.*$/: `*` any run of characters, `?` one; everything else literal; case and spaces ignored. */
function patternOf(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    const body = [...normalise(pattern)]
      .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[-]/g, "\\-")))
      .join("");
    compiled = new RegExp(`^${body}$`);
    // Patterns are few per store and come from stored zones; the cache stays small.
    if (patterns.size < 10_000) patterns.set(pattern, compiled);
  }
  return compiled;
}

/**
 * Whether an address lies in a zone: its country is one of the zone's, its `state` one of the zone's
 * regions when the zone names any (without case), and its postal code matches one of the zone's patterns
 * when it names any.
 */
export function isInZone(zone: ZoneRules, address: ZoneAddress): boolean {
  if (!zone.countries.includes(address.country.toUpperCase())) return false;
  if (zone.regions.length > 0) {
    const state = address.state ? normalise(address.state) : null;
    if (state === null || !zone.regions.some((region) => normalise(region) === state)) return false;
  }
  if (zone.postalPatterns.length > 0) {
    const postalCode = address.postalCode ? normalise(address.postalCode) : null;
    if (postalCode === null || !zone.postalPatterns.some((pattern) => patternOf(pattern).test(postalCode)))
      return false;
  }
  return true;
}
