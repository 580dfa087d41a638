import { isIP } from "node:net";
import { normalizeIP } from "@better-auth/core/utils/ip";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { CLIENT_IP_HEADER } from "~/lib/constants";
import type { TrustedProxies } from "~/server/trusted-proxies.server";

type ClientIpInput = {
  /** The TCP peer's address (`getConnInfo`), e.g. `::ffff:127.0.0.1`. */
  socketAddress: string | undefined;
  /** The request's `X-Forwarded-For` header, if any. */
  forwardedFor: string | undefined;
  /** `TRUST_PROXY`: the reverse proxies whose `X-Forwarded-For` is believed. */
  trusted: TrustedProxies;
};

/** What the edge records when the socket has no address (it always has one on Node). */
export const UNKNOWN_CLIENT_IP = "unknown";

/**
 * The client's address, decided once at the edge. The socket's peer, unless
 * that peer is a trusted proxy: then `X-Forwarded-For` is walked from the
 * right (each proxy appends the address it received from), past the entries
 * that are trusted proxies themselves, and the first untrusted address is
 * the client. Entries to its left are the client's own claims. An entry that
 * is not an address stops the walk at the last good one; a chain of trusted
 * proxies only ends at its leftmost entry.
 *
 * @example resolveClientIp({ socketAddress: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.7", trusted })
 * // "203.0.113.7" when `trusted` is 127.0.0.1/32; "127.0.0.1" when it is empty
 */
export function resolveClientIp({ socketAddress, forwardedFor, trusted }: ClientIpInput): string {
  let client = normalizeAddress(socketAddress);
  if (client === undefined) return UNKNOWN_CLIENT_IP;
  const chain = forwardedFor?.split(",") ?? [];
  while (trusted.includes(client) && chain.length > 0) {
    const entry = normalizeAddress(chain.pop()?.trim());
    if (entry === undefined) break;
    client = entry;
  }
  return client;
}

function normalizeAddress(address: string | undefined): string | undefined {
  if (!address || isIP(address) === 0) return undefined;
  // Exact address, with IPv4-mapped IPv6 (`::ffff:1.2.3.4`) written as IPv4.
  return normalizeIP(address, { ipv6Subnet: 128 });
}

/**
 * Hono middleware: resolves the client IP once per request and writes it to
 * `CLIENT_IP_HEADER`, replacing any value the client sent, so everything
 * behind the edge (better-auth's session records, the rate limits) reads
 * the same trustworthy answer.
 */
export function clientIp(trusted: TrustedProxies): MiddlewareHandler {
  return async (c, next) => {
    const ip = resolveClientIp({
      socketAddress: socketAddressOf(c),
      forwardedFor: c.req.header("x-forwarded-for"),
      trusted,
    });
    c.req.raw.headers.set(CLIENT_IP_HEADER, ip);
    await next();
  };
}

function socketAddressOf(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // Not behind @hono/node-server (e.g. app.request() in a test).
  }
}
