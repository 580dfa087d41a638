import { isAPIError } from "better-auth/api";
import { type Kysely, sql } from "kysely";
import { describe, expect, test } from "vitest";
import type { Database } from "../../../db/schema";
import { authWithOneAccount } from "../../../tests/fixtures/auth-in-memory";
import { NOT_FRESH_CODE } from "../session/freshness.server";
import { listRecentActivity } from "./activity.server";
import { LAST_WAY_IN_CODE, leavesAWayIn, type WaysIn } from "./sign-in-methods.server";

describe("leavesAWayIn", () => {
  const only = (ways: Partial<WaysIn>): WaysIn => ({
    password: false,
    providers: [],
    fromFeatures: 0,
    ...ways,
  });

  test("the only way in cannot go, whichever kind it is", () => {
    expect(leavesAWayIn(only({ password: true }), { kind: "password" })).toBe(false);
    expect(leavesAWayIn(only({ providers: ["github"] }), { kind: "provider", providerId: "github" })).toBe(
      false,
    );
    expect(leavesAWayIn(only({ fromFeatures: 1 }), { kind: "feature" })).toBe(false);
  });

  test("any other way left is enough", () => {
    expect(leavesAWayIn(only({ password: true, fromFeatures: 1 }), { kind: "password" })).toBe(true);
    expect(
      leavesAWayIn(only({ providers: ["github"], fromFeatures: 1 }), {
        kind: "provider",
        providerId: "github",
      }),
    ).toBe(true);
    expect(leavesAWayIn(only({ fromFeatures: 2 }), { kind: "feature" })).toBe(true);
    expect(
      leavesAWayIn(only({ password: true, providers: ["oidc"] }), { kind: "provider", providerId: "oidc" }),
    ).toBe(true);
  });

  test("an account at a provider that is no longer configured is no way in", () => {
    // `providers` lists configured providers only: GitHub was removed from the configuration.
    expect(leavesAWayIn(only({ password: true }), { kind: "provider", providerId: "github" })).toBe(true);
    expect(leavesAWayIn(only({}), { kind: "provider", providerId: "github" })).toBe(false);
  });
});

describe("keepOneWayIn, through better-auth's own endpoints", () => {
  test("unlinking the password of a password-only account is refused", async () => {
    const { auth, headers, db } = await authWithOneAccount();
    const [account] = await auth.api.listUserAccounts({ headers });
    const refused = await auth.api
      .unlinkAccount({ body: { accountId: account?.id ?? "" }, headers })
      .catch((error: unknown) => error);
    expect(isAPIError(refused) && refused.body?.code).toBe(LAST_WAY_IN_CODE);
    expect(await auth.api.listUserAccounts({ headers })).toHaveLength(1);
    await db.close();
  });
});

/** The kinds of the mails queued for the account, oldest first, but the verification mail of its sign-up. */
async function noticeKinds(kysely: Kysely<Database>) {
  const rows = await kysely
    .selectFrom("mail")
    .select("kind")
    .where("kind", "<>", "email-verification")
    .orderBy("createdAt")
    .execute();
  return rows.map((row) => row.kind);
}

describe("adding a way in", () => {
  test("changing the password and linking a provider need a sign-in from the last 5 minutes, at every door", async () => {
    const { auth, db, account, headers } = await authWithOneAccount({
      github: { clientId: "id", clientSecret: "secret" },
    });
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await sql`UPDATE "session" SET "createdAt" = ${tenMinutesAgo}`.execute(db.kysely);
    const newPassword = "a brand new password";
    const attempts = [
      () => auth.api.changePassword({ body: { currentPassword: account.password, newPassword }, headers }),
      () => auth.api.linkSocialAccount({ body: { provider: "github", callbackURL: "/dashboard" }, headers }),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({ statusCode: 403, body: { code: NOT_FRESH_CODE } });
    }
    // Nothing changed: nobody was told of a change, and the old password still signs in.
    expect(await noticeKinds(db.kysely)).toEqual([]);
    await auth.api.signInEmail({ body: { email: account.email, password: account.password } });

    // A fresh sign-in may.
    await sql`UPDATE "session" SET "createdAt" = ${new Date().toISOString()}`.execute(db.kysely);
    await auth.api.changePassword({ body: { currentPassword: account.password, newPassword }, headers });
    await db.close();
  });

  test("a password set on an account with no password account is logged and mailed to the owner, like every change", async () => {
    const { auth, db, userId, headers } = await authWithOneAccount();
    // No account row at all (its provider was unlinked; a feature's way in, a passkey, is left).
    await sql`DELETE FROM "account" WHERE "userId" = ${userId}`.execute(db.kysely);
    await auth.api.setPassword({ body: { newPassword: "a password of my own" }, headers });
    const [entry] = await listRecentActivity(db.kysely, userId, (method) => method);
    expect(entry).toMatchObject({ kind: "password-set", browser: "Chrome on Linux" });
    expect(await noticeKinds(db.kysely)).toEqual(["password-set"]);

    await auth.api.changePassword({
      body: { currentPassword: "a password of my own", newPassword: "yet another password" },
      headers,
    });
    expect(await noticeKinds(db.kysely)).toEqual(["password-set", "password-changed"]);
    await db.close();
  });
});
