import { describe, expect, test } from "vitest";
import { resolveClientIp } from "./client-ip";

describe("resolveClientIp", () => {
  test("uses the socket's address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(
      resolveClientIp({ socketAddress: "198.51.100.4", forwardedFor: "203.0.113.9", trustedHops: 0 }),
    ).toBe("198.51.100.4");
  });

  test("writes IPv4-mapped socket addresses as IPv4", () => {
    expect(
      resolveClientIp({ socketAddress: "::ffff:127.0.0.1", forwardedFor: undefined, trustedHops: 0 }),
    ).toBe("127.0.0.1");
  });

  test("behind one proxy, takes the address that proxy appended, not the client's claims", () => {
    expect(
      resolveClientIp({
        socketAddress: "10.0.0.2",
        forwardedFor: "6.6.6.6, 7.7.7.7, 203.0.113.7",
        trustedHops: 1,
      }),
    ).toBe("203.0.113.7");
  });

  test("behind two proxies, takes the address the outer proxy appended", () => {
    expect(
      resolveClientIp({
        socketAddress: "10.0.0.2",
        forwardedFor: "6.6.6.6, 203.0.113.7, 10.0.0.9",
        trustedHops: 2,
      }),
    ).toBe("203.0.113.7");
  });

  test("takes the leftmost entry when the chain is shorter than the trusted hops", () => {
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: "203.0.113.7", trustedHops: 3 })).toBe(
      "203.0.113.7",
    );
  });

  test("falls back to the socket when there is no header or the entry is not an address", () => {
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: undefined, trustedHops: 1 })).toBe(
      "10.0.0.2",
    );
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: " , ", trustedHops: 1 })).toBe(
      "10.0.0.2",
    );
    expect(
      resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: "evil, not-an-ip", trustedHops: 1 }),
    ).toBe("10.0.0.2");
  });

  test("accepts IPv6 entries", () => {
    expect(resolveClientIp({ socketAddress: "10.0.0.2", forwardedFor: "2001:db8::1", trustedHops: 1 })).toBe(
      "2001:0db8:0000:0000:0000:0000:0000:0001",
    );
  });

  test("says unknown when the socket has no address", () => {
    expect(resolveClientIp({ socketAddress: undefined, forwardedFor: "1.2.3.4", trustedHops: 0 })).toBe(
      "unknown",
    );
  });
});
