import { describe, expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { locale } from "~/i18n/runtime";
import { accountRefusedMessage } from "./account-refused";
import { ACCOUNT_REFUSED_MESSAGE, NEW_PASSWORD_HINT } from "./constants";
import { displayName, emailAddress, fieldErrorsOf, signUpSchema } from "./fields";
import { newPasswordHint } from "./password-hint";
import { shownText } from "./shown-text";

/** The first message of a failed parse, in the language of the moment. */
const messageOf =
  (schema: { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } }) =>
  (value: unknown) =>
    schema.safeParse(value).error?.issues[0]?.message;

describe("the field rules' messages", () => {
  test("speak the language of the parse, not of the module's load", () => {
    const email = messageOf(emailAddress);
    expect(email("not an address")).toBe("Enter a valid email address.");
    expect(inLocale("de", () => email("not an address"))).toBe("Geben Sie eine gültige E-Mail-Adresse ein.");
    expect(inLocale("de", () => email(undefined))).toBe("Geben Sie Ihre E-Mail-Adresse ein.");
    expect(email("")).toBe("Enter your email address.");
  });

  test("a sign-up's field errors, in English and in German", () => {
    const errors = (locale: "en" | "de") =>
      inLocale(locale, () => {
        const parsed = signUpSchema.safeParse({ name: " ", email: "ada@example.com", password: "short" });
        return parsed.error ? fieldErrorsOf(parsed.error) : {};
      });
    expect(errors("en")).toEqual({ name: "Enter your name.", password: "Use at least 8 characters." });
    expect(errors("de")).toEqual({
      name: "Geben Sie Ihren Namen ein.",
      password: "Verwenden Sie mindestens 8 Zeichen.",
    });
  });

  test("a feature's own name rules take a message function, worded at parse time", () => {
    // As a compiled message does: the words of the language of the moment.
    const missing = () => (locale() === "de" ? "Benennen Sie es." : "Name it.");
    const name = messageOf(displayName(10, missing));
    const team = messageOf(shownText(10, missing));
    expect(name("")).toBe("Name it.");
    expect(team("x".repeat(11))).toBe("Use at most 10 characters.");
    expect(inLocale("de", () => name(""))).toBe("Benennen Sie es.");
    expect(inLocale("de", () => team(" "))).toBe("Benennen Sie es.");
    expect(inLocale("de", () => name("x".repeat(11)))).toBe("Verwenden Sie höchstens 10 Zeichen.");
    expect(inLocale("de", () => team("a@b"))).toBe(
      "Lassen Sie das @ weg: Ein Name darf nicht wie eine Adresse aussehen.",
    );
    // A plain string still works, in every language alike.
    expect(inLocale("de", () => messageOf(displayName(10, "Name it."))(""))).toBe("Name it.");
  });

  test("the new-password hint and the refusal of a suspended account: the English words the suite reads, and German", () => {
    expect(newPasswordHint()).toBe(NEW_PASSWORD_HINT);
    expect(inLocale("de", newPasswordHint)).toBe(
      "8 bis 128 Zeichen, kein gängiges Passwort und keines, das aus Ihrem Namen, Ihrer E-Mail-Adresse oder dem Namen der App gebildet ist.",
    );
    expect(accountRefusedMessage()).toBe(ACCOUNT_REFUSED_MESSAGE);
    expect(inLocale("de", accountRefusedMessage)).toBe(
      "Dieses Konto ist gesperrt. Wenden Sie sich an den Support.",
    );
  });
});
