import { expect, test } from "vitest";
import { signInErrorMessage } from "./sign-in-errors";

test("explains a stale or tampered state", () => {
  expect(signInErrorMessage("state_mismatch")).toMatch(/no longer valid/);
  expect(signInErrorMessage("state_not_found")).toMatch(/no longer valid/);
});

test("says why a provider did not create or join an account", () => {
  expect(signInErrorMessage("account_not_linked")).toMatch(
    /joins an existing account only when both have verified it/,
  );
});

test("never echoes an unknown code, even one that looks like a property", () => {
  expect(signInErrorMessage("<b>click here</b>")).toBe("Sign-in did not complete. Please try again.");
  expect(signInErrorMessage("constructor")).toBe("Sign-in did not complete. Please try again.");
});

test("says that an account that may not sign in now is refused (better-auth's code for it)", () => {
  expect(signInErrorMessage("BANNED_USER")).toBe("This account is suspended. Contact support.");
});
