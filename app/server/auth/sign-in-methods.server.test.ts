import { isAPIError } from "better-auth/api";
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import type { Database } from "../../../db/schema";
import { authWithOneAccount, TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import { migrateToLatest } from "../db/database.server";
import { NOT_FRESH_CODE } from "../session/freshness.server";
import { listRecentActivity } from "./activity.server";
import { createAuth } from "./auth.server";
import {
  LAST_WAY_IN_CODE,
  leavesAWayIn,
  readWaysIn,
  removeSignInMethod,
  removeWayIn,
  type WaysIn,
} from "./sign-in-methods.server";

describe("leavesAWayIn", () => {
  const only = (ways: Partial<WaysIn>): WaysIn => ({ password: false, providers: [], passkeys: 0, ...ways });

  test("the only way in cannot go, whichever kind it is", () => {
    expect(leavesAWayIn(only({ password: true }), { kind: "password" })).toBe(false);
    expect(leavesAWayIn(only({ providers: ["github"] }), { kind: "provider", providerId: "github" })).toBe(
      false,
    );
    expect(leavesAWayIn(only({ passkeys: 1 }), { kind: "passkey" })).toBe(false);
  });

  test("any other way left is enough", () => {
    expect(leavesAWayIn(only({ password: true, passkeys: 1 }), { kind: "password" })).toBe(true);
    expect(
      leavesAWayIn(only({ providers: ["github"], passkeys: 1 }), { kind: "provider", providerId: "github" }),
    ).toBe(true);
    expect(leavesAWayIn(only({ passkeys: 2 }), { kind: "passkey" })).toBe(true);
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

  test("with a passkey too, the password can go; then the passkey cannot", async () => {
    const { auth, headers, db, userId } = await authWithOneAccount();
    await sql`INSERT INTO "passkey" ("id","publicKey","userId","credentialID","counter","deviceType","backedUp")
      VALUES ('pk1','key',${userId},'cred1',0,'singleDevice',0)`.execute(db.kysely);
    const [account] = await auth.api.listUserAccounts({ headers });
    await auth.api.unlinkAccount({ body: { accountId: account?.id ?? "" }, headers });
    expect(await auth.api.listUserAccounts({ headers })).toHaveLength(0);

    const refused = await auth.api
      .deletePasskey({ body: { id: "pk1" }, headers })
      .catch((error: unknown) => error);
    expect(isAPIError(refused) && refused.body?.code).toBe(LAST_WAY_IN_CODE);
    expect(await auth.api.listPasskeys({ headers })).toHaveLength(1);
    await db.close();
  });
});

describe.each(STORAGES)(
  "removeWayIn on $name, as two instances of the app",
  ({ name, configured, create }) => {
    let storage: Storage | undefined;
    afterEach(async () => {
      await storage?.cleanUp();
      storage = undefined;
    });

    // The one allowed skip: PostgreSQL is not configured on this machine.
    test.skipIf(!configured)(
      `removing the password and the only passkey at once leaves one of them${configured ? "" : ` (${NO_POSTGRES})`}`,
      async () => {
        storage = await create();
        // SQLite is one instance's own file; PostgreSQL is shared by two instances.
        const first = await storage.open();
        const second = name === "SQLite" ? first : await storage.open();
        await migrateToLatest(first.kysely);
        const auth = createAuth({
          env: { APP_URL: TEST_APP_URL, APP_NAME: "Test", isHttps: false, providers: {} },
          kysely: first.kysely,
          dialect: first.dialect,
          secret: "s".repeat(43),
        });
        const { adapter } = await auth.$context;
        for (let round = 0; round < 10; round += 1) {
          const { user } = await auth.api.signUpEmail({
            body: { name: "Ada", email: `ada-${name}-${round}@example.com`, password: "correct horse" },
          });
          await adapter.create({
            model: "passkey",
            data: {
              publicKey: "key",
              userId: user.id,
              credentialID: `credential-${round}`,
              counter: 0,
              deviceType: "singleDevice",
              backedUp: false,
            },
          });
          const [passkey] = await adapter.findMany<{ id: string }>({
            model: "passkey",
            where: [{ field: "userId", value: user.id }],
          });
          const results = await Promise.all([
            removeWayIn(first.kysely, {
              userId: user.id,
              target: { kind: "account", providerId: "credential" },
              configured: [],
            }),
            removeWayIn(second.kysely, {
              userId: user.id,
              target: { kind: "passkey", id: passkey?.id ?? "" },
              configured: [],
            }),
          ]);
          expect(results.sort()).toEqual(["last-way-in", "removed"]);
          const { ways } = await readWaysIn(first.kysely, user.id, []);
          expect(Number(ways.password) + ways.passkeys).toBe(1);
        }
      },
    );
  },
);

describe("removeSignInMethod, the dashboard's Unlink and Delete", () => {
  test("needs a sign-in from the last few minutes, then removes and logs it", async () => {
    const { auth, db, userId, headers } = await authWithOneAccount();
    const { adapter } = await auth.$context;
    const passkey = await adapter.create<Record<string, unknown>, { id: string }>({
      model: "passkey",
      data: {
        publicKey: "key",
        userId,
        credentialID: "credential",
        counter: 0,
        deviceType: "singleDevice",
        backedUp: false,
      },
    });
    const change = (minutesAgo: number) => ({
      userId,
      session: { createdAt: new Date(Date.now() - minutesAgo * 60_000) },
      configured: [],
    });
    const target = { kind: "passkey", id: passkey.id } as const;

    const stale = await removeSignInMethod(db.kysely, headers, change(10), target, "Passkey");
    expect(stale).toMatchObject({ ok: false, status: 403, signInAgain: true });
    expect((await readWaysIn(db.kysely, userId, [])).ways.passkeys).toBe(1);

    expect(await removeSignInMethod(db.kysely, headers, change(1), target, "Passkey")).toMatchObject({
      ok: true,
      message: "Passkey deleted.",
    });
    expect((await readWaysIn(db.kysely, userId, [])).ways.passkeys).toBe(0);
    const [entry] = await listRecentActivity(db.kysely, userId, (method) => method);
    expect(entry).toMatchObject({ kind: "passkey-removed", browser: "Chrome on Linux" });
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
  test("changing the password, adding a passkey and linking a provider need a sign-in from the last 5 minutes, at every door", async () => {
    const { auth, db, account, headers } = await authWithOneAccount({
      github: { clientId: "id", clientSecret: "secret" },
    });
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await sql`UPDATE "session" SET "createdAt" = ${tenMinutesAgo}`.execute(db.kysely);
    const newPassword = "a brand new password";
    const attempts = [
      () => auth.api.changePassword({ body: { currentPassword: account.password, newPassword }, headers }),
      () => auth.api.generatePasskeyRegistrationOptions({ headers }),
      () => auth.api.verifyPasskeyRegistration({ body: { response: {} }, headers }),
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
    // A passkey-only account: no account row at all (its provider was unlinked), one passkey.
    await sql`DELETE FROM "account" WHERE "userId" = ${userId}`.execute(db.kysely);
    const { adapter } = await auth.$context;
    await adapter.create({
      model: "passkey",
      data: {
        publicKey: "key",
        userId,
        credentialID: "id",
        counter: 0,
        deviceType: "singleDevice",
        backedUp: false,
      },
    });
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
