import { sql } from "kysely";
import { expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { authWithOneAccount } from "../../../tests/fixtures/auth-in-memory";
import { NEEDS_FRESH_SIGN_IN } from "../session/freshness.server";
import { setPassword } from "./account-settings.server";

test("setting a first password applies the common-password rule; a refused one stores nothing", async () => {
  const { auth, headers, db, userId, account } = await authWithOneAccount();
  // An account that signs in another way (its password row gone).
  await sql`DELETE FROM "account" WHERE "userId" = ${userId}`.execute(db.kysely);
  const passwords = () =>
    db.kysely.selectFrom("account").select("password").where("userId", "=", userId).execute();

  const common = await setPassword(auth, headers, account, "qwertyuiop");
  expect(common).toMatchObject({
    ok: false,
    status: 400,
    fieldErrors: { newPassword: "This password is too common or easy to guess. Choose another." },
  });
  const personal = await setPassword(auth, headers, account, "adalovelace1815");
  expect(personal).toMatchObject({
    status: 400,
    fieldErrors: {
      newPassword: "This password is built from your name, email or the app's name. Choose another.",
    },
  });
  expect(await passwords()).toEqual([]);

  expect(await setPassword(auth, headers, account, "plum orbit canvas 58")).toMatchObject({
    ok: true,
  });
  expect(await passwords()).toHaveLength(1);
  await db.close();
});

test("in German, the refusal of a weak password and a stale session's refusal are German", async () => {
  const { auth, headers, db, userId, account } = await authWithOneAccount();
  await sql`DELETE FROM "account" WHERE "userId" = ${userId}`.execute(db.kysely);
  const common = await inLocale("de", () => setPassword(auth, headers, account, "qwertyuiop"));
  expect(common).toMatchObject({
    ok: false,
    message: "Dieses Passwort ist zu verbreitet oder zu leicht zu erraten. Wählen Sie ein anderes.",
  });
  // A constant refusal says its message in the language of whoever reads it.
  expect(inLocale("de", () => NEEDS_FRESH_SIGN_IN.message)).toBe(
    "Zu Ihrer Sicherheit ist dafür eine Anmeldung innerhalb der letzten 5 Minuten nötig. Melden Sie sich erneut an und versuchen Sie es dann noch einmal.",
  );
  expect(NEEDS_FRESH_SIGN_IN.message).toBe(
    "For your safety, this needs a sign-in from the last 5 minutes. Sign in again, then try once more.",
  );
  await db.close();
});
