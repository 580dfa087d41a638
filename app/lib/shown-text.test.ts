import { expect, test } from "vitest";
import { shownOrNull, shownText } from "./shown-text";

const rule = shownText(60, "Name your team.");
const messageOf = (text: string) => {
  const parsed = rule.safeParse(text);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

test.each([
  ["paypal.com.evil.example", /dots between letters/],
  ["www\u2024evil\u2024com", /dots between letters/], // one-dot leaders, folded to dots
  ["paypal\uff0ecom", /dots between letters/], // a fullwidth full stop
  ["paypal\u3002com", /dots between letters/], // an ideographic full stop
  ["paypal\u00b7com", /dots between letters/], // a middle dot
  ["Acme \u202eelgoog", /formatting characters/], // a right-to-left override
  ["Ac\u200bme", /formatting characters/], // a zero-width space
  ["Line\nbreak", /formatting characters/],
  ["+1 555 123 4567", /phone number/],
  ["Call 555-123-456", /phone number/],
  ["Call (０１２) ３４５６７", /phone number/], // fullwidth digits, folded
  ["ada@evil.example", /@/],
  ["ada\uff20evil", /@/], // a fullwidth @, folded
  ["http://evil", /simple punctuation/],
  ["Cheap <b>pills</b>", /simple punctuation/],
  ["Free \u{1f4b0}", /simple punctuation/],
  ["   ", /Name your team/],
  ["x".repeat(61), /at most 60/],
])("%j is refused", (text, message) => {
  expect(messageOf(text)).toMatch(message);
});

test.each([
  ["Acme & Co.", "Acme & Co."],
  ["Équipe Ünïcode", "Équipe Ünïcode"],
  ["R&D (2026)", "R&D (2026)"],
  ["Team 42", "Team 42"],
  ["St. Louis Blues", "St. Louis Blues"],
  ["O’Brien - Smith, Ltd", "O’Brien - Smith, Ltd"],
  ["  Spaced\u00a0  out  ", "Spaced out"], // trimmed, a no-break space folded, runs made one
  ["東京チーム", "東京チーム"],
])("%j is accepted as %j", (text, kept) => {
  expect(rule.parse(text)).toBe(kept);
});

test("a stored text is shown only when the rule would keep it as it is", () => {
  expect(shownOrNull("Ada Lovelace")).toBe("Ada Lovelace");
  expect(shownOrNull("Ada \u202eecalevol")).toBeNull();
  expect(shownOrNull("ada.example.com")).toBeNull();
  expect(shownOrNull(null)).toBeNull();
});
