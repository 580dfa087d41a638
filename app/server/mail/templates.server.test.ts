import { expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { locale } from "~/i18n/runtime";
import {
  duration,
  factLines,
  newDeviceMail,
  passwordResetMail,
  type Recipient,
  signInChangeMail,
  signUpCodeMail,
  utcTime,
  verificationMail,
} from "./templates.server";

const ada = (locale: Recipient["locale"]): Recipient => ({
  appName: "Test App",
  to: "ada@example.com",
  name: "Ada",
  locale,
});

test("a mail without a name greets with 'Hello,' alone, in both parts", () => {
  const mail = verificationMail(
    { appName: "Test App", to: "ada@example.com", name: null, locale: "en" },
    "https://app.example.com/verify-email?token=abc",
    3600,
  );
  expect(mail.text).toMatch(/^Hello,$/m);
  expect(mail.html).toContain("Hello,");
  expect(`${mail.text}${mail.html}`).not.toMatch(/Hello (null|undefined)/);
});

test("a recipient who reads German gets the mail in German, whatever the language around", () => {
  const url = "https://app.example.com/reset-password?token=abc";
  const mail = passwordResetMail(ada("de"), url, 1800);
  expect(mail.subject).toBe("Passwort für Test App zurücksetzen");
  expect(mail.text).toMatch(/^Hallo Ada,$/m);
  expect(mail.text).toContain(`Neues Passwort wählen: ${url}`);
  expect(mail.text).toContain("Der Link ist 30 Minuten lang gültig und funktioniert nur einmal.");
  expect(mail.html).toContain('<html lang="de" dir="ltr">');
  expect(mail.html).toContain(">Neues Passwort wählen</a>");
  expect(mail.html).toContain("Oder kopieren Sie diese Adresse in Ihren Browser:");
  expect(`${mail.text}${mail.html}`).not.toMatch(/Hello|Choose a new password|copy this address/);
  // The same mail to an English reader, composed inside a German request: English.
  const english = inLocale("de", () => passwordResetMail(ada("en"), url, 1800));
  expect(english.subject).toBe("Reset your Test App password");
  expect(english.text).toMatch(/^Hello Ada,$/m);
  expect(english.text).toContain(
    "The link works once, for 30 minutes. Setting a new password signs you out on every other device.",
  );
});

test("a German sign-up code mail greets without a name and names the code", () => {
  const mail = signUpCodeMail({ ...ada("de"), name: null }, "042917", "https://app.example.com/c", 900);
  expect(mail.subject).toBe("042917 ist Ihr Code für Test App");
  expect(mail.text).toMatch(/^Hallo,$/m);
  expect(mail.html).toContain(">Konto erstellen</a>");
  expect(mail.text).toContain("Der Code ist 15 Minuten lang gültig und funktioniert nur einmal.");
});

test("durations: English as before, German in its own words", () => {
  expect([60, 1800, 3600, 86_400, 604_800].map((seconds) => duration(seconds))).toEqual([
    "1 minute",
    "30 minutes",
    "1 hour",
    "24 hours",
    "7 days",
  ]);
  expect(inLocale("de", () => [60, 1800, 3600, 86_400, 604_800].map((seconds) => duration(seconds)))).toEqual(
    ["1 Minute", "30 Minuten", "1 Stunde", "24 Stunden", "7 Tage"],
  );
});

test("a notice's facts: the time in UTC, day first in English, and in German words in German", () => {
  const facts = { at: new Date("2026-11-22T14:05:00Z"), browser: "Chrome on Linux", ip: null };
  expect(utcTime(facts.at)).toBe("22 November 2026 at 14:05 UTC");
  expect(factLines(facts)).toEqual([
    "When: 22 November 2026 at 14:05 UTC",
    "Browser: Chrome on Linux",
    "IP address: unknown",
  ]);
  expect(inLocale("de", () => factLines(facts))).toEqual([
    "Zeitpunkt: 22. November 2026 um 14:05 UTC",
    "Browser: Chrome unter Linux",
    "IP-Adresse: unbekannt",
  ]);
  const notice = newDeviceMail(ada("de"), facts, "https://app.example.com/out");
  expect(notice.subject).toBe("Neue Anmeldung bei Test App");
  expect(notice.html).toContain(">Nicht Sie? Überall abmelden</a>");
});

test("a change a feature words with its messages is said in the recipient's language", () => {
  const facts = { at: new Date("2026-11-22T14:05:00Z"), browser: "Firefox", ip: "192.0.2.1" };
  const change = {
    kind: "two-factor-enabled",
    what: () =>
      locale() === "de"
        ? "Die Zwei-Faktor-Authentifizierung wurde aktiviert"
        : "Two-step sign-in was enabled",
  };
  const german = signInChangeMail(ada("de"), change, facts, "https://app.example.com/out");
  expect(german.subject).toBe(
    "Änderung an Ihrem Konto bei Test App: Die Zwei-Faktor-Authentifizierung wurde aktiviert",
  );
  const english = signInChangeMail(
    ada("en"),
    { kind: "password-changed" },
    facts,
    "https://app.example.com/out",
  );
  expect(english.subject).toBe("Your password was changed on your Test App account");
  expect(english.text).toContain(
    "Your password was changed on your Test App account. This changes how the account can be signed in to.",
  );
});
