import { describe, expect, test } from "vitest";
import { parseEnv } from "~/server/env.server";
import { providerConfigOf } from "./registry.server";

/** The providers' variables, checked with the core's at start (`ServerFeature.config`). */
const providersOf = (raw: Record<string, string>) => providerConfigOf(parseEnv(raw));

describe("the providers' configuration", () => {
  test.each([
    [{ OIDC_ISSUER: "id.example.com", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }, "OIDC_ISSUER"],
    [{ OIDC_NAME: "x".repeat(41) }, "OIDC_NAME"],
  ])("refuses %j with one line naming %s", (raw, name) => {
    expect(() => parseEnv(raw)).toThrow(new RegExp(`^Invalid configuration: ${name}: [^\\n]*$`));
  });

  test("turns no sign-in provider on by default", () => {
    expect(providersOf({})).toEqual({ github: undefined, google: undefined, oidc: undefined });
  });

  test("turns a provider on when both its id and secret are set", () => {
    const providers = providersOf({
      GITHUB_CLIENT_ID: "gh-id",
      GITHUB_CLIENT_SECRET: "gh-secret",
      OIDC_ISSUER: "https://id.example.com/realms/main",
      OIDC_CLIENT_ID: "oidc-id",
      OIDC_CLIENT_SECRET: "oidc-secret",
    });
    expect(providers.github).toEqual({ clientId: "gh-id", clientSecret: "gh-secret" });
    expect(providers.google).toBeUndefined();
    expect(providers.oidc).toEqual({
      issuer: "https://id.example.com/realms/main",
      clientId: "oidc-id",
      clientSecret: "oidc-secret",
      name: "OpenID",
    });
  });

  test("names the OpenID button after OIDC_NAME", () => {
    const providers = providersOf({
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "a",
      OIDC_CLIENT_SECRET: "b",
      OIDC_NAME: "Acme SSO",
    });
    expect(providers.oidc?.name).toBe("Acme SSO");
  });

  test.each([
    [{ GITHUB_CLIENT_ID: "a" }, "GITHUB_CLIENT_SECRET: is required when GITHUB_CLIENT_ID is set"],
    [{ GOOGLE_CLIENT_SECRET: "b" }, "GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set"],
    [
      { OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "a" },
      "OIDC_CLIENT_SECRET: is required when OIDC_ISSUER is set",
    ],
    [{ OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }, "OIDC_ISSUER: is required when OIDC_CLIENT_ID is set"],
  ])("refuses a half-configured provider %j, naming what is missing", (raw, message) => {
    expect(() => parseEnv(raw)).toThrow(`Invalid configuration: ${message}`);
  });
});
