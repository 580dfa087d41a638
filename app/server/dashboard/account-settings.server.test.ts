import { sql } from "kysely";
import { expect, test } from "vitest";
import { authWithOneAccount } from "../../../tests/fixtures/auth-in-memory";
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
