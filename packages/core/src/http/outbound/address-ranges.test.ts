import { describe, expect, it } from "vitest";
import { specialRangeOf } from "./address-ranges.js";
import { refusalReason } from "./target-policy.js";

// One row per range: an address inside it and the range it must be found in.
const REFUSED: readonly (readonly [address: string, cidr: string])[] = [
  ["0.0.0.0", "0.0.0.0/8"],
  ["0.255.255.255", "0.0.0.0/8"],
  ["10.0.0.1", "10.0.0.0/8"],
  ["10.255.255.255", "10.0.0.0/8"],
  ["100.64.0.1", "100.64.0.0/10"],
  ["100.127.255.254", "100.64.0.0/10"],
  ["127.0.0.1", "127.0.0.0/8"],
  ["127.255.255.254", "127.0.0.0/8"],
  ["169.254.169.254", "169.254.0.0/16"],
  ["172.16.0.1", "172.16.0.0/12"],
  ["172.31.255.255", "172.16.0.0/12"],
  ["192.0.0.8", "192.0.0.0/24"],
  ["192.0.2.1", "192.0.2.0/24"],
  ["192.88.99.1", "192.88.99.0/24"],
  ["192.168.1.1", "192.168.0.0/16"],
  ["198.18.0.1", "198.18.0.0/15"],
  ["198.19.255.255", "198.18.0.0/15"],
  ["198.51.100.7", "198.51.100.0/24"],
  ["203.0.113.9", "203.0.113.0/24"],
  ["224.0.0.1", "224.0.0.0/4"],
  ["239.255.255.250", "224.0.0.0/4"],
  ["240.0.0.1", "240.0.0.0/4"],
  ["255.255.255.255", "240.0.0.0/4"],
  ["::", "::/128"],
  ["::1", "::1/128"],
  ["::127.0.0.1", "::/96"],
  ["::8.8.8.8", "::/96"],
  // IPv4-mapped and NAT64 addresses are found in the range of the IPv4 address they carry.
  ["::ffff:127.0.0.1", "127.0.0.0/8"],
  ["::ffff:7f00:1", "127.0.0.0/8"],
  ["::ffff:a9fe:a9fe", "169.254.0.0/16"],
  ["::ffff:192.0.2.1", "192.0.2.0/24"],
  ["64:ff9b::7f00:1", "127.0.0.0/8"],
  ["64:ff9b::10.0.0.1", "10.0.0.0/8"],
  ["64:ff9b::c633:6407", "198.51.100.0/24"],
  ["64:ff9b:1::1", "64:ff9b:1::/48"],
  ["100::1", "100::/64"],
  ["2001::1", "2001::/23"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001::/23"],
  ["2001:2::1", "2001::/23"],
  ["2001:db8::1", "2001:db8::/32"],
  ["2002:7f00:1::1", "2002::/16"],
  ["2002:c000:0201::1", "2002::/16"],
  ["2002:0808:0808::1", "2002::/16"],
  ["3fff::1", "3fff::/20"],
  ["fc00::1", "fc00::/7"],
  ["fd12:3456::1", "fc00::/7"],
  ["fe80::1", "fe80::/10"],
  ["fe80::1%eth0", "fe80::/10"],
  ["fec0::1", "fec0::/10"],
  ["ff02::1", "ff00::/8"],
  ["1234::1", "::/3"],
  ["4000::1", "4000::/2"],
  ["8000::1", "8000::/1"],
  ["localhost", "localhost"],
];

const GLOBAL_UNICAST = [
  "8.8.8.8",
  "93.184.216.34",
  "1.1.1.1",
  "100.63.255.255",
  "100.128.0.0",
  "172.32.0.1",
  "192.0.3.1",
  "198.20.0.1",
  "223.255.255.254",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
  "2606:4700::1111",
  "2a00:1450:4001::1",
  "2001:4860:4860::8888",
];

describe("the outbound address classifier", () => {
  it.each(REFUSED)("finds %s in %s", (address, cidr) => {
    expect(specialRangeOf(address)?.cidr).toBe(cidr);
    expect(refusalReason(address, {})).not.toBeNull();
  });

  it.each(GLOBAL_UNICAST)("lets %s through as global unicast", (address) => {
    expect(specialRangeOf(address)).toBeNull();
    expect(refusalReason(address, {})).toBeNull();
  });

  it("names the category a refusal reads as, and lifts loopback alone or every range as the policy says", () => {
    expect(refusalReason("127.0.0.1", {})).toBe("loopback address");
    expect(refusalReason("::ffff:127.0.0.1", {})).toBe("loopback address");
    expect(refusalReason("169.254.169.254", {})).toBe("link-local address");
    expect(refusalReason("fe80::1", {})).toBe("link-local address");
    expect(refusalReason("203.0.113.9", {})).toBe("private or reserved address");
    expect(refusalReason("2002:7f00:1::1", {})).toBe("private or reserved address");
    expect(refusalReason("127.0.0.1", { allowLoopback: true })).toBeNull();
    expect(refusalReason("::1", { allowLoopback: true })).toBeNull();
    expect(refusalReason("10.0.0.1", { allowLoopback: true })).toBe("private or reserved address");
    expect(refusalReason("0.0.0.0", { allowLoopback: true })).toBe("private or reserved address");
    for (const [address] of REFUSED) expect(refusalReason(address, { allowPrivate: true }), address).toBeNull();
  });
});
