import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { specialRangeOf } from "./address-ranges.js";
import { OutboundError } from "./outbound-error.js";

/**
 * Which non-public addresses outbound requests may reach. By default only global unicast addresses are
 * (see `specialRangeOf`); loopback defaults to allowed outside production, so a local receiver works.
 */
export interface TargetPolicy {
  /** Loopback addresses (127.0.0.0/8, ::1). @default true unless `environment` is `production` */
  allowLoopback?: boolean;
  /** Every non-public address: private, link-local, reserved (loopback included). @default false */
  allowPrivate?: boolean;
}

/** Resolves a hostname to every address it has, as `dns.lookup(hostname, { all: true })` does. */
export type HostResolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The operating system's resolver (`/etc/hosts`, then DNS), which is what sockets use by default. */
export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true });

/**
 * Why `address` may not be reached under `policy` ("loopback address", "link-local address", "private or
 * reserved address"), or null when it may.
 */
export function refusalReason(address: string, policy: TargetPolicy): string | null {
  const range = specialRangeOf(address);
  if (range === null || policy.allowPrivate) return null;
  if (range.category === "loopback") return policy.allowLoopback ? null : "loopback address";
  if (range.category === "link-local") return "link-local address";
  return "private or reserved address";
}

/** A URL's host as an address or a name: without the brackets of an IPv6 literal. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, "");

/**
 * The addresses of `host` (a hostname or an IP literal, without brackets) that `policy` lets a request
 * reach. Throws an `OutboundError` `OUTBOUND_TARGET_REFUSED` when there is none, and the resolver's error
 * when it fails.
 */
export async function reachableAddresses(
  host: string,
  policy: TargetPolicy,
  resolve: HostResolver,
): Promise<LookupAddress[]> {
  const literalFamily = isIP(host);
  const addresses = literalFamily ? [{ address: host, family: literalFamily }] : await resolve(host);
  const reachable = addresses.filter((entry) => refusalReason(entry.address, policy) === null);
  if (reachable.length > 0) return reachable;
  const [first] = addresses;
  if (!first) throw OutboundError.refused(`${host} has no address`);
  const reason = refusalReason(first.address, policy);
  throw OutboundError.refused(
    literalFamily ? `${host} is a ${reason}` : `${host} resolves to ${first.address}, a ${reason}`,
  );
}

/**
 * A lookup for outgoing sockets that answers only addresses `policy` allows. The socket connects to the
 * address this lookup answers, so the address checked is the address used: no window for DNS rebinding.
 */
export function pinnedLookup(policy: TargetPolicy, resolve: HostResolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    reachableAddresses(hostname, policy, resolve).then(
      (addresses) => {
        const wanted = family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        const [first] = wanted;
        if (!first)
          return callback(
            Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: "ENOTFOUND" }),
            "",
            4,
          );
        if (options.all)
          return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };
}
