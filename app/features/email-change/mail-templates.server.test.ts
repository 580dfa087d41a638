/** Email change's mails and refusals in the recipient's (or reader's) language. */
import { expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import type { Recipient } from "~/server/mail/templates.server";
import { emailChangeRefusal } from "./email-change.server";
import { emailChangedMail, emailChangeMail, emailChangeUndoneMail } from "./mail-templates.server";

const to = (locale: Recipient["locale"]): Recipient => ({
  appName: "Test App",
  to: "ada@example.com",
  name: "Ada",
  locale,
});
const LINK = "https://app.example.com/change-email?token=abc";
const facts = { at: new Date("2026-03-01T09:30:00Z"), browser: "Chrome on Linux", ip: "203.0.113.7" };

test("the link to the new address speaks English to an English recipient", () => {
  const mail = emailChangeMail(to("en"), LINK, 3600);
  expect(mail.subject).toBe("Confirm your new email address for Test App");
  expect(mail.text).toContain("Use this email address: https://app.example.com/change-email?token=abc");
  expect(mail.text).toContain("The link works once, for 1 hour.");
});

test("the link to the new address speaks German to a German recipient, whatever the request speaks", () => {
  const mail = inLocale("en", () => emailChangeMail(to("de"), LINK, 3600));
  expect(mail.subject).toBe("Bestätigen Sie Ihre neue E-Mail-Adresse für Test App");
  expect(mail.text).toContain(
    "Diese E-Mail-Adresse verwenden: https://app.example.com/change-email?token=abc",
  );
  expect(mail.text).toContain("Der Link ist 1 Stunde lang gültig und funktioniert nur einmal.");
  expect(mail.text).not.toContain("Someone");
});

test("the notice to the old address and the word to the replaced one speak German too", () => {
  const changed = emailChangedMail(to("de"), "new@example.com", facts, LINK, 7 * 86_400);
  expect(changed.subject).toBe("Die E-Mail-Adresse Ihres Kontos bei Test App wurde geändert");
  expect(changed.text).toContain("lautet jetzt new@example.com.");
  expect(changed.text).toContain("Das war ich nicht: rückgängig machen und überall abmelden");
  expect(changed.text).toContain("Der Link ist 7 Tage lang gültig");
  expect(changed.text).toContain("„Passwort vergessen“");

  const undone = emailChangeUndoneMail(to("de"), "https://app.example.com/login");
  expect(undone.subject).toBe("Diese Adresse dient nicht mehr zur Anmeldung bei einem Konto bei Test App");
  expect(undone.text).toContain("Anmelden: https://app.example.com/login");
});

test("a change to the same address is refused in the reader's language", () => {
  const user = { id: "u1", email: "ada@example.com", emailVerified: true };
  expect(emailChangeRefusal(user, "ada@example.com")?.message).toBe("That is already your email address.");
  const german = inLocale("de", () => emailChangeRefusal(user, "ada@example.com"));
  expect(german).toMatchObject({
    status: 400,
    message: "Das ist bereits Ihre E-Mail-Adresse.",
    fieldErrors: { newEmail: "Das ist bereits Ihre E-Mail-Adresse." },
  });
});
