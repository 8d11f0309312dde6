import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** Which non-public targets deliveries may reach. Both default to false. */
export interface TargetPolicy {
  /** Loopback addresses (127.0.0.0/8, ::1): for tests and local development. */
  allowLoopback?: boolean;
  /** Private, link-local and other non-public ranges. */
  allowPrivate?: boolean;
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
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
  ["::", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  nonPublic.addSubnet(network, prefix, "ipv6");
}

/** Why `address` may not be reached under `policy`, or null when it may. */
export function refusalReason(address: string, policy: TargetPolicy): string | null {
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  const mapped = family === "ipv6" && /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return refusalReason(mapped, policy);
  if (loopback.check(address, family)) return policy.allowLoopback || policy.allowPrivate ? null : "loopback address";
  if (nonPublic.check(address, family)) return policy.allowPrivate ? null : "private or reserved address";
  return null;
}

/**
 * A DNS lookup for outgoing requests that refuses non-public addresses. Checking inside the lookup the
 * socket connects with (rather than before the request) leaves no window for DNS rebinding.
 */
export function safeLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 4);
      const allowed = addresses.filter((entry) => refusalReason(entry.address, policy) === null);
      if (allowed.length === 0) {
        const reason = addresses[0] ? refusalReason(addresses[0].address, policy) : "no address";
        return callback(Object.assign(new Error(`Refused webhook target ${hostname}: ${reason}`), { code: "EREFUSEDTARGET" }), "", 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      const first = allowed[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}
