import { expect, test } from "vitest";
import {
  invitationMail,
  ownershipMovedMail,
  ownershipTakenBackMail,
  teamDeletedMail,
} from "./mail-templates.server";

const recipient = { appName: "Test", to: "ada@example.com", name: null, locale: "en" as const };
const url = "http://localhost:3000/dashboard/teams";

test("a team's name reaches the owners' mails as it is when the shown-text rule takes it", () => {
  const moved = ownershipMovedMail(recipient, { team: "Acme & Co.", newOwner: "bo@example.com" }, url);
  expect(moved.subject).toBe("Ownership of “Acme & Co.” moved on Test");
  expect(teamDeletedMail(recipient, "Acme & Co.", url).subject).toBe(
    "The team “Acme & Co.” was deleted on Test",
  );
});

test("a name kept from before the rule that it refuses reaches no mail: it is “one of your teams”", () => {
  const stored = "paypal.com.evil.example \u202e";
  const mails = [
    ownershipMovedMail(recipient, { team: stored, newOwner: "bo@example.com" }, url),
    ownershipTakenBackMail(recipient, { team: stored, owner: "ada@example.com" }, url),
    teamDeletedMail(recipient, stored, url),
  ];
  for (const mail of mails) {
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain("paypal");
    expect(mail.subject).toMatch(/one of your teams/i);
  }
  expect(mails[2]?.subject).toBe("One of your teams was deleted on Test");
});

test("in the recipient's German, a team is named in German quotes, or is “eines Ihrer Teams”", () => {
  const german = { ...recipient, locale: "de" as const };
  expect(teamDeletedMail(german, "Acme & Co.", url).subject).toBe(
    "Das Team „Acme & Co.“ wurde bei Test gelöscht",
  );
  const stored = "paypal.com.evil.example \u202e";
  const moved = ownershipMovedMail(german, { team: stored, newOwner: "bo@example.com" }, url);
  expect(moved.subject).toBe("Inhaberrolle für eines Ihrer Teams bei Test übergeben");
  expect(moved.text).toContain(
    "bo@example.com ist jetzt Inhaber eines Ihrer Teams, und der bisherige Inhaber",
  );
  expect(moved.text).not.toContain("paypal");
  const invitation = invitationMail(german, { team: "Acme", role: "member" }, url, 7 * 24 * 60 * 60);
  expect(invitation.text).toContain("dem Team als Mitglied beizutreten");
  expect(invitation.text).toContain("Der Link funktioniert einmal und ist 7 Tage lang gültig.");
});
