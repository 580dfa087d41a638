import { describe, expect, test } from "vitest";
import { NAME_MAX_LENGTH } from "~/lib/constants";
import { providerMustVouchForEmail, providerName, UNPROVEN_PROVIDER_EMAIL } from "./identity.server";

const check = (
  emailVerified: unknown,
  action: "create-user" | "link-account" | "sign-in",
  method = "oauth",
) =>
  providerMustVouchForEmail(
    {
      user: { email: "ada@example.com", emailVerified } as never,
      source: { action, method, oauth: { providerId: "oidc" } },
    },
    {} as never,
  );

describe("providerMustVouchForEmail", () => {
  test("a provider creates or joins an account only for an address it verified", () => {
    for (const action of ["create-user", "link-account"] as const) {
      expect(check(false, action)).toEqual({ error: UNPROVEN_PROVIDER_EMAIL });
      expect(check(undefined, action)).toEqual({ error: UNPROVEN_PROVIDER_EMAIL });
      expect(check("true", action)).toEqual({ error: UNPROVEN_PROVIDER_EMAIL });
      expect(check(true, action)).toBeUndefined();
    }
  });

  test("a provider account already joined signs in; other methods are not its business", () => {
    expect(check(false, "sign-in")).toBeUndefined();
    expect(check(false, "create-user", "email-password")).toBeUndefined();
  });
});

describe("providerName", () => {
  test("a name that keeps the rule is kept, trimmed", () => {
    expect(providerName("  Ada Lovelace ", "ada@example.com")).toBe("Ada Lovelace");
  });

  test("line breaks and control characters become single spaces", () => {
    expect(providerName("Ada\r\nClick https://prize.example\u0000", "ada@example.com")).toBe(
      "Ada Click https://prize.example",
    );
  });

  test("a long name is cut to the limit; an empty or missing one falls back to the address", () => {
    expect(providerName("n".repeat(NAME_MAX_LENGTH + 50), "ada@example.com")).toHaveLength(NAME_MAX_LENGTH);
    expect(providerName("\n\t", "ada@example.com")).toBe("ada");
    expect(providerName(undefined, "grace@example.com")).toBe("grace");
  });
});
