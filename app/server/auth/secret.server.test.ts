import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test, vi } from "vitest";
import { ConfigError } from "../env.server";
import { resolveAuthSecret } from "./secret.server";

const tempDir = () => mkdtempSync(join(tmpdir(), "secret-test-"));

describe("resolveAuthSecret", () => {
  test("uses AUTH_SECRET when set", () => {
    const secret = "s".repeat(40);
    expect(
      resolveAuthSecret({ AUTH_SECRET: secret, DATA_DIR: tempDir(), NODE_ENV: "production", isHttps: true }),
    ).toBe(secret);
  });

  test("creates a private random secret once and says so once", () => {
    const dir = join(tempDir(), "nested");
    const log = vi.fn();
    const env = { DATA_DIR: dir, NODE_ENV: "development" as const, isHttps: false };
    const first = resolveAuthSecret(env, log);
    const second = resolveAuthSecret(env, log);
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).not.toContain(first);
    expect(readFileSync(join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(statSync(join(dir, "auth-secret")).mode & 0o077).toBe(0);
  });

  test("refuses to start in production over HTTPS without one", () => {
    expect(() =>
      resolveAuthSecret({ DATA_DIR: tempDir(), NODE_ENV: "production", isHttps: true }, vi.fn()),
    ).toThrow(ConfigError);
  });

  test("refuses to start on PostgreSQL without one, saying why, and writes none", () => {
    const dir = tempDir();
    expect(() =>
      resolveAuthSecret(
        { DATA_DIR: dir, NODE_ENV: "development", isHttps: false, DATABASE_URL: "postgres://db/app" },
        vi.fn(),
      ),
    ).toThrow(
      "Invalid configuration: AUTH_SECRET: is required when DATABASE_URL is set (every instance must sign sessions with the same secret)",
    );
    expect(existsSync(join(dir, "auth-secret"))).toBe(false);
  });

  test("generates one in production over plain HTTP (a local trial of the build)", () => {
    expect(
      resolveAuthSecret({ DATA_DIR: tempDir(), NODE_ENV: "production", isHttps: false }, vi.fn()),
    ).toHaveLength(43);
  });
});
