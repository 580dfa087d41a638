/**
 * The console in German, and its mails in the language of the person acted
 * on: the administrator's answers follow the request's language, a mail
 * follows the person's saved choice (English when they made none), never
 * the administrator's; the trail's records stay as written.
 */
import { describe, expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import type { Recipient } from "~/server/mail/templates.server";
import { TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import { NOT_ON_YOURSELF } from "./account-actions.server";
import { ACCOUNT_RULES } from "./account-rules";
import { auditActionWords } from "./audit-words";
import feature from "./feature";
import { supportSignInMail } from "./support-mail.server";
import { ADMIN_REFUSAL } from "./support-sign-in.server";
import { type Person, supportWorld } from "./support-test-world.server";
import { SUSPENSION_ACTIONS } from "./suspension.server";
import { suspendedMail, suspensionLiftedMail } from "./suspension-mails.server";

const to = (locale: Recipient["locale"]): Recipient => ({
  appName: "Test",
  to: "ada@example.com",
  name: "Ada",
  locale,
});

describe("the console's words in German", () => {
  test("the trail's words, the activity sentences and the refusals kept in constants are said when read", () => {
    const words = () => [
      auditActionWords("suspend"),
      auditActionWords("support-sign-in-start"),
      feature.activityKinds["admin-suspended"].describe(),
      ACCOUNT_RULES.listed,
      NOT_ON_YOURSELF.message,
      ADMIN_REFUSAL.message,
    ];
    expect(inLocale("de", words)).toEqual([
      "Gesperrt",
      "Support-Anmeldung gestartet",
      "Ihr Konto wurde gesperrt",
      "ADMIN_EMAILS enthält diese Adresse: Das Konto bleibt Admin, bis die Adresse aus dieser Liste entfernt wird.",
      "Nicht bei Ihrem eigenen Konto: Ein anderer Admin kann das tun.",
      "Bei einem Admin-Konto ist keine Support-Anmeldung möglich: Es hat Zugang zur Admin-Konsole.",
    ]);
    // English again outside, from the same constants.
    expect(words()).toEqual([
      "Suspended",
      "Started a support sign-in",
      "Your account was suspended",
      "ADMIN_EMAILS lists this address: it stays an administrator until it is taken off that list.",
      "Not on your own account: another administrator can do this.",
      "Administrators cannot be signed in as, not even for support: their account reaches the console.",
    ]);
    // A kind written by a newer version, as recorded.
    expect(inLocale("de", () => auditActionWords("something-new"))).toBe("something-new");
  });
});

describe("the console's mails speak their recipient's language", () => {
  const until = new Date("2026-12-24T00:00:00.000Z");

  test("a German recipient's suspension mails, whatever language the administrator's request speaks", () => {
    const suspended = inLocale("en", () => suspendedMail(to("de"), until));
    expect(suspended.subject).toBe("Ihr Konto bei Test ist gesperrt");
    expect(suspended.text).toContain(
      "Ein Admin hat Ihr Konto bei Test bis zum 24. Dezember 2026 um 00:00 UTC gesperrt.",
    );
    expect(suspended.text).toContain("Dieses Konto ist gesperrt. Wenden Sie sich an den Support.");
    expect(suspended.html).toContain('<html lang="de"');
    const noEnd = suspendedMail(to("de"), null);
    expect(noEnd.text).toContain("Ein Admin hat Ihr Konto bei Test ohne Enddatum gesperrt.");
    const lifted = suspensionLiftedMail(to("de"), `${TEST_APP_URL}/login`);
    expect(lifted.subject).toBe("Ihr Konto bei Test ist nicht mehr gesperrt");
    expect(lifted.text).toContain(`Anmelden: ${TEST_APP_URL}/login`);
  });

  test("an English recipient's support mail stays English inside a German request", () => {
    const mail = inLocale("de", () => supportSignInMail(to("en"), until, TEST_APP_URL));
    expect(mail.subject).toBe("An administrator signed in to your Test account");
    expect(mail.text).toContain(
      "It lasts 1 hour at most. Meanwhile these stay locked: how the account signs in",
    );
    const german = inLocale("en", () => supportSignInMail(to("de"), until, TEST_APP_URL));
    expect(german.subject).toBe("Ein Admin von Test hat sich bei Ihrem Konto angemeldet");
    expect(german.text).toContain(
      "Das dauert höchstens 1 Stunde. Währenddessen bleibt blockiert: die Anmeldung",
    );
  });
});

describe("a German administrator's actions", () => {
  async function world() {
    const w = await supportWorld();
    const admin = await w.join("Grace Admin", { admin: true });
    const german = await w.join("Greta Deutsch");
    const unset = await w.join("Ada Lovelace");
    await w.db.kysely.updateTable("user").set({ locale: "de" }).where("id", "=", german.id).execute();
    // The administrator reads German; the person with no saved language is mailed in English.
    await w.db.kysely.updateTable("user").set({ locale: "de" }).where("id", "=", admin.id).execute();
    return { ...w, admin, german, unset };
  }

  /** Posts a suspension form as `as`, inside a German request. */
  async function suspend(w: Awaited<ReturnType<typeof world>>, as: Person, userId: string) {
    const signedIn = await w.sessionOf(as.browser);
    if (!signedIn) throw new Error(`${as.name} is not signed in`);
    const request = new Request(`${TEST_APP_URL}/admin/accounts/${userId}`, {
      method: "POST",
      headers: as.browser.headers(),
      body: new URLSearchParams({ intent: "suspend-account", userId, reason: "Spam" }),
    });
    const answer = await inLocale("de", () =>
      runDashboardAction(SUSPENSION_ACTIONS, w.services, request, signedIn),
    );
    return { status: answer.init?.status ?? 200, ...answer.data };
  }

  test("suspending: the answer in the administrator's German, each mail in its person's language", async () => {
    const w = await world();
    expect(await suspend(w, w.admin, w.german.id)).toMatchObject({
      status: 200,
      message: `${w.german.email} ist gesperrt und wurde überall abgemeldet.`,
    });
    expect(await suspend(w, w.admin, w.unset.id)).toMatchObject({
      status: 200,
      message: `${w.unset.email} ist gesperrt und wurde überall abgemeldet.`,
    });
    expect(await suspend(w, w.admin, w.admin.id)).toMatchObject({
      status: 403,
      message: "Sie können Ihr eigenes Konto nicht sperren.",
    });
    expect(w.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [w.german.email, "Ihr Konto bei Test ist gesperrt"],
      [w.unset.email, "Your Test account is suspended"],
    ]);
  });

  test("a support sign-in: the person's mail in their language, the trail's detail as written, in English", async () => {
    const w = await world();
    // A second German administrator: a start hands the first one's browser to the person.
    const other = await w.join("Hedy Admin", { admin: true });
    await w.db.kysely.updateTable("user").set({ locale: "de" }).where("id", "=", other.id).execute();
    for (const [admin, person] of [
      [w.admin, w.german],
      [other, w.unset],
    ] as const) {
      const started = await inLocale("de", () => w.start(admin, { userId: person.id, reason: "Ticket 7" }));
      expect(started).toMatchObject({ status: 302 });
    }
    expect(w.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [w.german.email, "Ein Admin von Test hat sich bei Ihrem Konto angemeldet"],
      [w.unset.email, "An administrator signed in to your Test account"],
    ]);
    expect(w.mails[0]?.text).toContain("für den Support bei Ihrem Konto angemeldet.");
    const details = (await w.trail()).map((entry) => entry.detail);
    expect(details).toEqual([
      expect.stringMatching(/^Until \d+ \w+ \d{4} at \d\d:\d\d UTC$/),
      expect.stringMatching(/^Until \d+ \w+ \d{4} at \d\d:\d\d UTC$/),
    ]);
    const third = await w.join("Ida Admin", { admin: true });
    expect(
      await inLocale("de", () => w.start(third, { userId: third.id, reason: "Ticket 7" })),
    ).toMatchObject({
      status: 400,
      message: "Das ist Ihr eigenes Konto: Sie sind bereits dort angemeldet.",
    });
  });
});
