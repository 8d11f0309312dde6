import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Which non-public targets webhooks may reach. Loopback defaults to allowed outside production (so a
 * developer's local receiver works), private ranges to refused everywhere.
 */
export interface TargetPolicy {
  /** Loopback addresses (127.0.0.0/8, ::1). @default true unless `environment` is `production` */
  allowLoopback?: boolean;
  /** Private, link-local and other non-public ranges (loopback included). @default false */
  allowPrivate?: boolean;
}

/** Resolves a hostname to every address it has, as `dns.lookup(hostname, { all: true })` does. */
export type HostResolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The operating system's resolver (`/etc/hosts`, then DNS), which is what sockets use by default. */
export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true });

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

// Cloud metadata services live here (169.254.169.254), so it is named apart from the other ranges.
const linkLocal = new BlockList();
linkLocal.addSubnet("169.254.0.0", 16, "ipv4");
linkLocal.addSubnet("fe80::", 10, "ipv6");

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  nonPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // The unspecified address and the deprecated IPv4-compatible range (::a.b.c.d).
  ["::", 96],
  ["fc00::", 7],
  ["ff00::", 8],
] as const) {
  nonPublic.addSubnet(network, prefix, "ipv6");
}

// A NAT64 gateway forwards 64:ff9b::a.b.c.d to a.b.c.d: such an address is judged by the IPv4 one it carries.
const nat64 = new BlockList();
nat64.addSubnet("64:ff9b::", 96, "ipv6");

/** The IPv4 address in the last 32 bits of an IPv6 address (`64:ff9b::7f00:1` carries 127.0.0.1). */
function embeddedIPv4(address: string): string {
  const tail = address.slice(address.lastIndexOf(":") + 1);
  if (tail.includes(".")) return tail;
  const groups = address.split(":");
  const high = Number.parseInt(groups.at(-2) || "0", 16);
  const low = Number.parseInt(tail || "0", 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * Why `address` may not be reached under `policy` ("loopback address", "link-local address", "private or
 * reserved address"), or null when it may. IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are judged as
 * the IPv4 address they map.
 */
export function refusalReason(address: string, policy: TargetPolicy): string | null {
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  if (family === "ipv6" && nat64.check(address, family)) return refusalReason(embeddedIPv4(address), policy);
  if (loopback.check(address, family)) return policy.allowLoopback || policy.allowPrivate ? null : "loopback address";
  if (linkLocal.check(address, family)) return policy.allowPrivate ? null : "link-local address";
  if (nonPublic.check(address, family)) return policy.allowPrivate ? null : "private or reserved address";
  return null;
}

/** A target none of whose addresses `policy` lets a webhook reach. */
export class RefusedTargetError extends Error {
  readonly code = "EREFUSEDTARGET";
  /** What was refused and why, e.g. "localhost resolves to 127.0.0.1, a loopback address". */
  readonly detail: string;

  constructor(detail: string) {
    super(`Refused webhook target: ${detail}`);
    this.name = "RefusedTargetError";
    this.detail = detail;
  }
}

/**
 * The addresses of `host` (a hostname or an IP literal, without brackets) that `policy` lets a webhook
 * reach. Throws a `RefusedTargetError` when there is none, and the resolver's error when it fails.
 */
export async function reachableAddresses(host: string, policy: TargetPolicy, resolve: HostResolver): Promise<LookupAddress[]> {
  const literalFamily = isIP(host);
  const addresses = literalFamily ? [{ address: host, family: literalFamily }] : await resolve(host);
  const reachable = addresses.filter((entry) => refusalReason(entry.address, policy) === null);
  if (reachable.length > 0) return reachable;
  const [first] = addresses;
  if (!first) throw new RefusedTargetError(`${host} has no address`);
  const reason = refusalReason(first.address, policy);
  throw new RefusedTargetError(literalFamily ? `${host} is a ${reason}` : `${host} resolves to ${first.address}, a ${reason}`);
}

/**
 * A lookup for outgoing requests that refuses non-public addresses. Checking inside the lookup the socket
 * connects with (rather than once before the request) leaves no window for DNS rebinding.
 */
export function safeLookup(policy: TargetPolicy, resolve: HostResolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    reachableAddresses(hostname, policy, resolve).then(
      (addresses) => {
        const wanted = family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        const [first] = wanted;
        if (!first) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: "ENOTFOUND" }), "", 4);
        if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };
}
