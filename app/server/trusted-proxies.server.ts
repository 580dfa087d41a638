import { BlockList, isIPv4, isIPv6 } from "node:net";
import { z } from "zod";

/** What `loopback` stands for: a proxy on the same host (nginx of docs/deploy.md). */
const LOOPBACK = ["127.0.0.0/8", "::1/128"];
const EXAMPLE = "e.g. 127.0.0.1/32,::1/128 for nginx on the same host";
const LIST_ERROR = `must list the reverse proxies' addresses or CIDR ranges, comma-separated, ${EXAMPLE}`;
const COUNT_ERROR = `must list the reverse proxies' addresses, no longer their number (a count let any client that reaches the app pick its IP), ${EXAMPLE}`;

/** The reverse proxies whose `X-Forwarded-For` the app believes (`TRUST_PROXY`). */
export type TrustedProxies = {
  /** The ranges, as `address/prefix`; none when nobody is trusted. */
  readonly ranges: readonly string[];
  /** Whether `address` is a trusted proxy; IPv4-mapped IPv6 (`::ffff:10.0.0.2`) matches IPv4 ranges. */
  includes(address: string): boolean;
};

/**
 * `TRUST_PROXY` as one check of the configuration schema: a comma-separated
 * list of addresses and CIDR ranges (a bare address is /32 or /128),
 * `loopback` for 127.0.0.0/8 and ::1. Unset or `0`: no proxy is trusted. Any
 * other number is refused: it used to count hops, which believed whoever sent
 * the header. The refusal names the entry by position, never its value.
 */
export const trustProxyVariable = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const list = value.trim();
    // `0` kept its meaning (no proxy); any other number was a count of hops.
    if (/^\d+$/.test(list) && !/^0+$/.test(list)) {
      ctx.addIssue({ code: "custom", message: COUNT_ERROR });
      return z.NEVER;
    }
    const entries = /^0*$/.test(list) ? [] : list.split(",").map((entry) => entry.trim());
    const ranges = entries.map((entry) => (entry === "loopback" ? LOOPBACK : rangeOf(entry)));
    const bad = ranges.indexOf(undefined);
    if (bad !== -1) {
      ctx.addIssue({ code: "custom", message: `${LIST_ERROR} (entry ${bad + 1} is neither)` });
      return z.NEVER;
    }
    return trustedProxies(ranges.flat() as string[]);
  });

/** `entry`, an address or a CIDR range, as `[address/prefix]`; `undefined` when it is neither. */
function rangeOf(entry: string): string[] | undefined {
  const [address = "", prefix, ...rest] = entry.split("/");
  const bits = isIPv4(address) ? 32 : isIPv6(address) ? 128 : 0;
  // A zone (`fe80::1%eth0`) names an interface, not a range.
  if (bits === 0 || rest.length > 0 || address.includes("%")) return undefined;
  if (prefix === undefined) return [`${address}/${bits}`];
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return undefined;
  return [`${address}/${Number(prefix)}`];
}

/** The ranges as a set of proxies, matched by Node's subnet list (`net.BlockList`). */
function trustedProxies(ranges: string[]): TrustedProxies {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = "", prefix] = range.split("/");
    list.addSubnet(address, Number(prefix), isIPv4(address) ? "ipv4" : "ipv6");
  }
  return {
    ranges,
    includes: (address) =>
      ranges.length > 0 &&
      (isIPv4(address) ? list.check(address, "ipv4") : isIPv6(address) && list.check(address, "ipv6")),
  };
}
