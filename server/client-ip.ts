import { isIP } from "node:net";
import { normalizeIP } from "@better-auth/core/utils/ip";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { CLIENT_IP_HEADER } from "~/lib/constants";

type ClientIpInput = {
  /** The TCP peer's address (`getConnInfo`), e.g. `::ffff:127.0.0.1`. */
  socketAddress: string | undefined;
  /** The request's `X-Forwarded-For` header, if any. */
  forwardedFor: string | undefined;
  /** `TRUST_PROXY`: how many reverse proxies stand in front of the app. */
  trustedHops: number;
};

/** What the edge records when the socket has no address (it always has one on Node). */
export const UNKNOWN_CLIENT_IP = "unknown";

/**
 * The client's address, decided once at the edge. With no trusted proxy it
 * is the socket's peer and `X-Forwarded-For` is ignored, since any client
 * can send one. Behind `trustedHops` proxies, each of which appends the
 * address it received from, the client is the entry the furthest trusted
 * proxy appended: the `trustedHops`-th from the right (the leftmost when the
 * chain is shorter). Entries to the left of it are the client's own claims.
 *
 * @example resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: "6.6.6.6, 203.0.113.7", trustedHops: 1 })
 * // "203.0.113.7"
 */
export function resolveClientIp({ socketAddress, forwardedFor, trustedHops }: ClientIpInput): string {
  const socket = normalizeAddress(socketAddress) ?? UNKNOWN_CLIENT_IP;
  if (trustedHops === 0 || !forwardedFor) return socket;
  const chain = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return socket;
  const entry = chain[Math.max(chain.length - trustedHops, 0)];
  // A trusted proxy writes addresses; anything else means the count is wrong.
  return normalizeAddress(entry) ?? socket;
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
export function clientIp(trustedHops: number): MiddlewareHandler {
  return async (c, next) => {
    const ip = resolveClientIp({
      socketAddress: socketAddressOf(c),
      forwardedFor: c.req.header("x-forwarded-for"),
      trustedHops,
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
