import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "~/lib/constants";
import { trustProxyVariable } from "~/server/trusted-proxies.server";
import { clientIp, resolveClientIp } from "./client-ip";

/** `TRUST_PROXY` as the configuration reads it. */
const trusting = (list: string) => trustProxyVariable.parse(list);
const nginxOnLoopback = trusting("127.0.0.1/32,::1/128");

describe("resolveClientIp", () => {
  test("uses the socket's address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(
      resolveClientIp({ socketAddress: "198.51.100.4", forwardedFor: "203.0.113.9", trusted: trusting("") }),
    ).toBe("198.51.100.4");
  });

  test("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    // An instance reachable directly: the client forges the header itself.
    expect(
      resolveClientIp({
        socketAddress: "203.0.113.9",
        forwardedFor: "198.51.100.1",
        trusted: nginxOnLoopback,
      }),
    ).toBe("203.0.113.9");
    expect(
      resolveClientIp({
        socketAddress: "::ffff:203.0.113.9",
        forwardedFor: "127.0.0.1, 198.51.100.1",
        trusted: nginxOnLoopback,
      }),
    ).toBe("203.0.113.9");
  });

  test("from a trusted proxy, takes the address it appended, not the client's claims", () => {
    expect(
      resolveClientIp({
        socketAddress: "127.0.0.1",
        forwardedFor: "6.6.6.6, 7.7.7.7, 203.0.113.7",
        trusted: nginxOnLoopback,
      }),
    ).toBe("203.0.113.7");
  });

  test("IPv4-mapped and IPv6 peers match their ranges", () => {
    const input = { forwardedFor: "203.0.113.7", trusted: nginxOnLoopback };
    expect(resolveClientIp({ ...input, socketAddress: "::ffff:127.0.0.1" })).toBe("203.0.113.7");
    expect(resolveClientIp({ ...input, socketAddress: "::1" })).toBe("203.0.113.7");
    expect(resolveClientIp({ ...input, socketAddress: "::2" })).toBe(
      "0000:0000:0000:0000:0000:0000:0000:0002",
    );
  });

  test("through a chain of trusted proxies, takes the rightmost address that is not one of them", () => {
    const trusted = trusting("10.0.0.0/8, 2001:db8:cafe::/48");
    expect(
      resolveClientIp({
        socketAddress: "10.0.0.2",
        forwardedFor: "6.6.6.6, 203.0.113.7, 2001:db8:cafe::9, 10.1.2.3",
        trusted,
      }),
    ).toBe("203.0.113.7");
    // Only proxies in the chain: the leftmost is as far as it goes.
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: "10.0.0.7, 10.1.2.3", trusted })).toBe(
      "10.0.0.7",
    );
  });

  test("an entry that is not an address stops the walk at the last good one", () => {
    const trusted = trusting("10.0.0.0/8");
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: undefined, trusted })).toBe("10.0.0.2");
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: " , ", trusted })).toBe("10.0.0.2");
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: "evil, not-an-ip", trusted })).toBe(
      "10.0.0.2",
    );
    expect(
      resolveClientIp({
        socketAddress: "10.0.0.2",
        forwardedFor: "203.0.113.7, 1.2.3.4:80, 10.0.0.9",
        trusted,
      }),
    ).toBe("10.0.0.9");
  });

  test("writes IPv6 entries in full and IPv4-mapped ones as IPv4", () => {
    const input = { socketAddress: "127.0.0.1", trusted: nginxOnLoopback };
    expect(resolveClientIp({ ...input, forwardedFor: "2001:db8::1" })).toBe(
      "2001:0db8:0000:0000:0000:0000:0000:0001",
    );
    expect(resolveClientIp({ ...input, forwardedFor: "::ffff:203.0.113.7" })).toBe("203.0.113.7");
  });

  test("says unknown when the socket has no address", () => {
    expect(
      resolveClientIp({ socketAddress: undefined, forwardedFor: "1.2.3.4", trusted: nginxOnLoopback }),
    ).toBe("unknown");
  });
});

describe("clientIp middleware", () => {
  /** The client IP the edge hands on, for a request from `peer` (a fake socket, as @hono/node-server gives). */
  async function clientIpSeen(peer: string, headers: Record<string, string>) {
    const app = new Hono();
    app.use(clientIp(nginxOnLoopback));
    app.get("/", (c) => c.text(c.req.header(CLIENT_IP_HEADER) ?? ""));
    const answer = await app.request("/", { headers }, { incoming: { socket: { remoteAddress: peer } } });
    return answer.text();
  }

  test("a client reaching the app directly cannot choose its IP, by either header", async () => {
    const forged = { "X-Forwarded-For": "198.51.100.1", [CLIENT_IP_HEADER]: "198.51.100.2" };
    expect(await clientIpSeen("203.0.113.9", forged)).toBe("203.0.113.9");
    expect(await clientIpSeen("::ffff:127.0.0.1", forged)).toBe("198.51.100.1");
  });
});
