import { BlockList, isIP } from "node:net";

/**
 * How a refused address is named to the person who registered it. The policy lifts `loopback` alone (a
 * developer's local receiver) or everything (`allowPrivate`: a receiver inside the operator's network).
 */
export type AddressCategory = "loopback" | "link-local" | "non-public";

/** A range outside the global unicast space, with the name a test or an error message shows. */
export interface SpecialRange {
  /** The range in CIDR notation, e.g. `192.0.2.0/24`. */
  cidr: string;
  /** What the range is, e.g. `documentation (TEST-NET-1)`. */
  name: string;
  category: AddressCategory;
}

type RangeEntry = readonly [cidr: string, name: string, category: AddressCategory];

// IANA's special-purpose registries (RFC 6890 and successors), reduced to what may never be a target.
const IPV4_RANGES: readonly RangeEntry[] = [
  ["0.0.0.0/8", "this network (0.0.0.0 reaches the host itself)", "non-public"],
  ["10.0.0.0/8", "private", "non-public"],
  ["100.64.0.0/10", "shared address space (carrier-grade NAT)", "non-public"],
  ["127.0.0.0/8", "loopback", "loopback"],
  // Cloud metadata services live here (169.254.169.254).
  ["169.254.0.0/16", "link-local", "link-local"],
  ["172.16.0.0/12", "private", "non-public"],
  ["192.0.0.0/24", "IETF protocol assignments", "non-public"],
  ["192.0.2.0/24", "documentation (TEST-NET-1)", "non-public"],
  ["192.88.99.0/24", "6to4 relay anycast", "non-public"],
  ["192.168.0.0/16", "private", "non-public"],
  ["198.18.0.0/15", "benchmarking", "non-public"],
  ["198.51.100.0/24", "documentation (TEST-NET-2)", "non-public"],
  ["203.0.113.0/24", "documentation (TEST-NET-3)", "non-public"],
  ["224.0.0.0/4", "multicast", "non-public"],
  // Reserved for future use, and the limited broadcast address 255.255.255.255.
  ["240.0.0.0/4", "reserved", "non-public"],
];

// Checked in order: the named ranges first (for the message), then everything outside 2000::/3.
const IPV6_RANGES: readonly RangeEntry[] = [
  ["::/128", "unspecified", "non-public"],
  ["::1/128", "loopback", "loopback"],
  ["::/96", "IPv4-compatible (deprecated)", "non-public"],
  ["64:ff9b:1::/48", "local-use NAT64", "non-public"],
  ["100::/64", "discard-only", "non-public"],
  // Teredo (2001::/32) sits inside; its tunnel reaches an IPv4 address the policy never sees.
  ["2001::/23", "IETF protocol assignments (Teredo, benchmarking, ORCHID)", "non-public"],
  ["2001:db8::/32", "documentation", "non-public"],
  // 6to4 (RFC 7526 deprecates it): a relay forwards to the IPv4 address in bits 16-47.
  ["2002::/16", "6to4", "non-public"],
  ["3fff::/20", "documentation", "non-public"],
  ["fc00::/7", "unique local (private)", "non-public"],
  ["fe80::/10", "link-local", "link-local"],
  ["fec0::/10", "site-local (deprecated)", "non-public"],
  ["ff00::/8", "multicast", "non-public"],
  ["::/3", "outside global unicast (2000::/3)", "non-public"],
  ["4000::/2", "outside global unicast (2000::/3)", "non-public"],
  ["8000::/1", "outside global unicast (2000::/3)", "non-public"],
];

interface CompiledRange extends SpecialRange {
  list: BlockList;
}

function compile(entries: readonly RangeEntry[], family: "ipv4" | "ipv6"): CompiledRange[] {
  return entries.map(([cidr, name, category]) => {
    const [network = "", prefix = ""] = cidr.split("/");
    const list = new BlockList();
    list.addSubnet(network, Number(prefix), family);
    return { cidr, name, category, list };
  });
}

const ipv4Ranges = compile(IPV4_RANGES, "ipv4");
const ipv6Ranges = compile(IPV6_RANGES, "ipv6");

// Both carry an IPv4 address in their last 32 bits and reach it: they are judged as that address.
const ipv4Mapped = compile([["::ffff:0:0/96", "IPv4-mapped", "non-public"]], "ipv6")[0] as CompiledRange;
const nat64 = compile([["64:ff9b::/96", "NAT64", "non-public"]], "ipv6")[0] as CompiledRange;

/** The IPv4 address in the last 32 bits of an IPv6 address (`64:ff9b::7f00:1` carries 127.0.0.1). */
export function embeddedIPv4(address: string): string {
  const tail = address.slice(address.lastIndexOf(":") + 1);
  if (tail.includes(".")) return tail;
  const groups = address.split(":");
  const high = Number.parseInt(groups.at(-2) || "0", 16);
  const low = Number.parseInt(tail || "0", 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * The special range `address` (an IPv4 or IPv6 literal) lies in, or null for a global unicast address:
 * the only kind an outbound request may reach under the default policy. IPv4-mapped (`::ffff:a.b.c.d`)
 * and NAT64 (`64:ff9b::a.b.c.d`) addresses are judged by the IPv4 address they carry; anything that is
 * not an IP literal is refused as non-public.
 */
export function specialRangeOf(address: string): SpecialRange | null {
  // A zone (`fe80::1%eth0`) names an interface: only link-local and multicast addresses carry one.
  const bare = address.split("%")[0] ?? "";
  const family = isIP(bare);
  if (family === 4) return found(ipv4Ranges.find((range) => range.list.check(bare, "ipv4")));
  if (family !== 6) return { cidr: bare, name: "not an IP address", category: "non-public" };
  if (ipv4Mapped.list.check(bare, "ipv6") || nat64.list.check(bare, "ipv6")) return specialRangeOf(embeddedIPv4(bare));
  return found(ipv6Ranges.find((range) => range.list.check(bare, "ipv6")));
}

function found(range: CompiledRange | undefined): SpecialRange | null {
  return range ? { cidr: range.cidr, name: range.name, category: range.category } : null;
}
