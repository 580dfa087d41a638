import { expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { linkErrorMessage } from "./links.server";
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

test("in German, a refused sign-in or link is explained in German, and in English again outside it", () => {
  expect(inLocale("de", () => signInErrorMessage("access_denied"))).toBe(
    "Die Anmeldung wurde beim Anbieter abgebrochen. Sie können es erneut versuchen oder eine andere Anmeldemöglichkeit wählen.",
  );
  expect(inLocale("de", () => signInErrorMessage("constructor"))).toBe(
    "Die Anmeldung wurde nicht abgeschlossen. Bitte versuchen Sie es erneut.",
  );
  expect(inLocale("de", () => linkErrorMessage("email_does_not_match"))).toMatch(
    /^Dieses Konto beim Anbieter hat eine andere E-Mail-Adresse\./,
  );
  expect(signInErrorMessage("access_denied")).toMatch(/^Sign-in was cancelled at the provider\./);
});
