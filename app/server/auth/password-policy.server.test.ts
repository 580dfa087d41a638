import { randomBytes } from "node:crypto";
import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, test } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/constants";
import { findPasswordWeakness } from "./password-policy.server";

const ada = { appName: "React Starter", email: "ada.lovelace@example.com", name: "Ada Lovelace" };

describe("a new password is refused when it is easy to guess", () => {
  test.each(["password1", "qwertyuiop", "Password123", "12345678", "iloveyou2", "zaq12wsx"])(
    "%s: too common",
    async (password) => {
      expect((await findPasswordWeakness(password, ada))?.code).toBe("GUESSABLE_PASSWORD");
    },
  );

  test.each([
    ["the app's name with digits", "reactstarter2024"],
    ["the app's name, capitals and a digit", "ReactStarter1"],
    ["the app's name, spaced, with a year", "React Starter 2024"],
    ["a word of the app's name, a year and a mark", "starter2024!"],
    ["the address's local part with digits", "ada.lovelace1984"],
    ["the local part without its dot", "adalovelace99"],
    ["the person's name and birth year", "Ada Lovelace 1815"],
    ["the surname with digits", "lovelace2024"],
  ])("%s (%s): built from the person's or the app's name", async (_, password) => {
    const weakness = await findPasswordWeakness(password, ada);
    expect(weakness?.code).toBe("PERSONAL_PASSWORD");
    expect(weakness?.message).toBe(
      "This password is built from your name, email or the app's name. Choose another.",
    );
  });

  test("the app's name is whatever APP_NAME says, and the local part whatever the address has", async () => {
    const grace = { appName: "Acme Notes", email: "ghopper@navy.example" };
    expect((await findPasswordWeakness("acmenotes123", grace))?.code).toBe("PERSONAL_PASSWORD");
    expect((await findPasswordWeakness("ghopper1906", grace))?.code).toBe("PERSONAL_PASSWORD");
    // The same passwords are fine for someone else, of another app.
    expect(await findPasswordWeakness("acmenotes123", ada)).toBeNull();
    expect(await findPasswordWeakness("ghopper1906", ada)).toBeNull();
  });

  test("each of the 3,000 most common passwords that is long enough is refused (OWASP ASVS 6.2.4)", async () => {
    const common = (dictionary["passwords-common"] ?? [])
      .slice(0, 3000)
      .map(String)
      .filter((password) => password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH);
    // The list is ranked, most common first; most of its top entries are shorter than 8 characters.
    expect(common.length).toBeGreaterThan(200);
    const accepted: string[] = [];
    for (const password of common) {
      if (!(await findPasswordWeakness(password, ada))) accepted.push(password);
    }
    expect(accepted).toEqual([]);
  }, 60_000);
});

describe("a new password is accepted when it is hard to guess", () => {
  test.each([
    "correct horse battery staple",
    "correct horse battery",
    "kX9#mQ2vLp",
    "h7Tq2mZr9w",
    "Tr0ub4dor&3",
    "vq7-plum-Jazz-41",
    // Their name in it is fine when the rest is strong on its own.
    "Ada likes quiet purple elephants",
  ])("%s", async (password) => {
    expect(await findPasswordWeakness(password, ada)).toBeNull();
  });

  test("passwords of the longest length allowed: random ones pass, a repeated pattern does not", async () => {
    const random = randomBytes(96).toString("base64");
    expect(random).toHaveLength(PASSWORD_MAX_LENGTH);
    expect(await findPasswordWeakness(random, ada)).toBeNull();
    expect((await findPasswordWeakness("x7Kq".repeat(PASSWORD_MAX_LENGTH / 4), ada))?.code).toBe(
      "GUESSABLE_PASSWORD",
    );
  });
});
