/**
 * The admin console's end-to-end fixtures: administrators made straight
 * in the e2e server's database (the role the console gives, and a second
 * factor the console asks for), and the console's forms posted as a
 * browser without JavaScript would.
 */
import { randomUUID } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { newAccount, type TestAccount } from "../../../tests/fixtures/accounts";
import { queryAll, sqlTrue } from "../../../tests/fixtures/database";
import {
  createSignedInAccount,
  type SignedInAccount,
  sessionCookieOf,
} from "../../../tests/fixtures/signed-in";

// Needs features: two-factor. (An administrator has an authenticator unless told otherwise.)

export { LISTED_ADMIN_EMAIL } from "./e2e-setup";

/**
 * An account made an administrator in the console (`user.role`), with an
 * authenticator turned on unless `secondFactor` is false, and a session.
 */
export async function createAdministrator({
  secondFactor = true,
  account = newAccount("Grace Admin"),
}: {
  secondFactor?: boolean;
  account?: TestAccount;
} = {}): Promise<SignedInAccount> {
  const admin = await createSignedInAccount(account);
  await queryAll([
    { text: `UPDATE "user" SET "role" = 'admin' WHERE "id" = ?`, params: [admin.userId] },
    ...(secondFactor ? [turnOnTwoStep(admin.userId)] : []),
  ]);
  return admin;
}

/** A verified authenticator row for the account (its secret unused: these tests never ask it for a code). */
export function turnOnTwoStep(userId: string) {
  return {
    text: `INSERT INTO "twoFactor" ("id", "secret", "backupCodes", "userId", "verified") VALUES (?, 'unused', '[]', ?, ${sqlTrue()})`,
    params: [randomUUID(), userId],
  };
}

/** Signs `context` in as `account` (its session cookie). */
export async function signInContext(context: BrowserContext, account: Pick<SignedInAccount, "sessionToken">) {
  await context.clearCookies();
  await context.addCookies([sessionCookieOf(account)]);
}
