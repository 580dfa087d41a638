import { describe, expect, test } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  test("needs no configuration at all", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      APP_URL: "http://localhost:3000",
      APP_NAME: "React Starter",
      DATA_DIR: "./data",
      BUILD_POLL_INTERVAL_MS: 3_600_000,
      isHttps: false,
    });
    expect(env.AUTH_SECRET).toBeUndefined();
  });

  test("derives the default public URL from PORT", () => {
    expect(parseEnv({ PORT: "8080" }).APP_URL).toBe("http://localhost:8080");
  });

  test("keeps only the origin of APP_URL and notices HTTPS", () => {
    const env = parseEnv({ APP_URL: "https://App.Example.com/some/path" });
    expect(env.APP_URL).toBe("https://app.example.com");
    expect(env.isHttps).toBe(true);
  });

  test("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", APP_NAME: "" })).toMatchObject({ PORT: 3000, APP_NAME: "React Starter" });
  });

  test("takes the new-build poll interval in milliseconds", () => {
    expect(parseEnv({ BUILD_POLL_INTERVAL_MS: "60000" }).BUILD_POLL_INTERVAL_MS).toBe(60_000);
  });

  test.each([
    [{ PORT: "http" }, "PORT"],
    [{ BUILD_POLL_INTERVAL_MS: "1000" }, "BUILD_POLL_INTERVAL_MS"],
    [{ BUILD_POLL_INTERVAL_MS: "3000000000" }, "BUILD_POLL_INTERVAL_MS"],
    [{ BUILD_POLL_INTERVAL_MS: "1h" }, "BUILD_POLL_INTERVAL_MS"],
    [{ PORT: "70000" }, "PORT"],
    [{ APP_URL: "ftp://example.com" }, "APP_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "1" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "1.5" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "127.0.0.1/32,::1/129" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/8/8" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.256" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "127.0.0.1," }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "fe80::1%eth0" }, "TRUST_PROXY"],
    [{ AUTH_RATE_LIMIT_PER_IP: "0" }, "AUTH_RATE_LIMIT_PER_IP"],
    [{ DATABASE_URL: "mysql://db.internal/app", AUTH_SECRET: "s".repeat(32) }, "DATABASE_URL"],
    [{ DATABASE_URL: "db.internal:5432/app", AUTH_SECRET: "s".repeat(32) }, "DATABASE_URL"],
    [{ REDIS_URL: "http://cache.internal:6379" }, "REDIS_URL"],
    [{ REDIS_URL: "cache.internal:6379" }, "REDIS_URL"],
  ])("refuses %j with one line naming %s", (raw, name) => {
    expect(() => parseEnv(raw)).toThrow(ConfigError);
    try {
      parseEnv(raw);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${name}: `));
      expect(message).not.toContain("\n");
    }
  });

  test("trusts no proxy by default, nor with TRUST_PROXY=0", () => {
    const env = parseEnv({});
    expect(env.TRUST_PROXY.ranges).toEqual([]);
    expect(env.TRUST_PROXY.includes("127.0.0.1")).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY.ranges).toEqual([]);
    expect(env.AUTH_RATE_LIMIT_PER_IP).toBe(100);
  });

  test("reads TRUST_PROXY as the proxies' addresses and CIDR ranges, IPv4 and IPv6", () => {
    const trusted = parseEnv({ TRUST_PROXY: " 10.0.0.0/8, 192.0.2.5 ,2001:db8::/32,::1" }).TRUST_PROXY;
    expect(trusted.ranges).toEqual(["10.0.0.0/8", "192.0.2.5/32", "2001:db8::/32", "::1/128"]);
    expect(
      ["10.200.0.3", "::ffff:10.0.0.1", "192.0.2.5", "2001:db8:ff::1", "::1"].map(trusted.includes),
    ).toEqual([true, true, true, true, true]);
    expect(["11.0.0.1", "192.0.2.6", "2001:db9::1", "::2", "unknown"].map(trusted.includes)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY.ranges).toEqual(["127.0.0.0/8", "::1/128"]);
  });

  test("refuses a count of proxies, saying to list their addresses", () => {
    expect(() => parseEnv({ TRUST_PROXY: "2" })).toThrow(
      "Invalid configuration: TRUST_PROXY: must list the reverse proxies' addresses, no longer their number",
    );
    expect(() => parseEnv({ TRUST_PROXY: "127.0.0.1/32,nginx.internal" })).toThrow(
      /^Invalid configuration: TRUST_PROXY: must list the reverse proxies' addresses or CIDR ranges, comma-separated, e\.g\. 127\.0\.0\.1\/32,::1\/128 .*\(entry 2 is neither\)$/,
    );
  });

  test("never echoes the refused value", () => {
    expect(() => parseEnv({ AUTH_SECRET: "hunter2" })).toThrow(/^(?!.*hunter2)/s);
    expect(() => parseEnv({ DATABASE_URL: "mysql://app:hunter2@db/app" })).toThrow(/^(?!.*hunter2)/s);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.1,hunter2" })).toThrow(/^(?!.*hunter2)/s);
  });

  test("takes PostgreSQL and Redis URLs, with the secret every instance shares", () => {
    const env = parseEnv({
      DATABASE_URL: "postgresql://app:secret@db.internal:5432/app",
      REDIS_URL: "rediss://cache.internal:6380/0",
      AUTH_SECRET: "s".repeat(32),
    });
    expect(env.DATABASE_URL).toBe("postgresql://app:secret@db.internal:5432/app");
    expect(env.REDIS_URL).toBe("rediss://cache.internal:6380/0");
    expect(
      parseEnv({ DATABASE_URL: "postgres://db.internal/app", AUTH_SECRET: "s".repeat(32) }),
    ).toHaveProperty("DATABASE_URL", "postgres://db.internal/app");
  });

  test("says which schemes a URL may have", () => {
    expect(() => parseEnv({ REDIS_URL: "memcached://cache" })).toThrow(
      "Invalid configuration: REDIS_URL: must be a redis:// or rediss:// URL, e.g. redis://cache.internal:6379",
    );
  });

  test("mails go out through SMTP_URL (smtp:// or smtps://) from MAIL_FROM", () => {
    const env = parseEnv({
      SMTP_URL: "smtps://user:secret@smtp.example.com:465",
      MAIL_FROM: "Example <hello@example.com>",
    });
    expect(env.SMTP_URL).toBe("smtps://user:secret@smtp.example.com:465");
    expect(env.MAIL_FROM).toBe("Example <hello@example.com>");
    expect(() => parseEnv({ SMTP_URL: "https://smtp.example.com" })).toThrow(
      "Invalid configuration: SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465",
    );
    expect(() => parseEnv({ MAIL_FROM: "not an address" })).toThrow(
      "Invalid configuration: MAIL_FROM: must be an address",
    );
    expect(() => parseEnv({ MAIL_FROM: "a@b.example\r\nBcc: x@y.example" })).toThrow("MAIL_FROM");
  });

  test("metrics only with METRICS_PORT, on loopback unless METRICS_HOST says otherwise, never on PORT", () => {
    expect(parseEnv({}).METRICS_PORT).toBeUndefined();
    expect(parseEnv({}).METRICS_HOST).toBe("127.0.0.1");
    expect(parseEnv({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: "10.0.0.5",
    });
    expect(() => parseEnv({ METRICS_PORT: "metrics" })).toThrow(
      "Invalid configuration: METRICS_PORT: must be a port number from 1 to 65535",
    );
    expect(() => parseEnv({ PORT: "8080", METRICS_PORT: "8080" })).toThrow(
      "Invalid configuration: METRICS_PORT: must differ from PORT",
    );
    expect(() => parseEnv({ METRICS_PORT: "3000" })).toThrow("METRICS_PORT: must differ from PORT");
  });

  test("without SMTP_URL mails go to the outbox, from the app's name at APP_URL's host", () => {
    const env = parseEnv({ APP_NAME: 'The "Best" App', APP_URL: "https://app.example.com" });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('"The Best App" <no-reply@app.example.com>');
  });
});
