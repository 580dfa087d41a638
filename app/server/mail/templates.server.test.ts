import { expect, test } from "vitest";
import { verificationMail } from "./templates.server";

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
