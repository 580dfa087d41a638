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

  test("never echoes the refused value", () => {
    expect(() => parseEnv({ AUTH_SECRET: "hunter2" })).toThrow(/^(?!.*hunter2)/s);
  });
});
