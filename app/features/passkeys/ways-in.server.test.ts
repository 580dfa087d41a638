// Tests: passkeys as ways in, counted, never the last one removed, added only after a fresh sign-in.
import { isAPIError } from "better-auth/api";
import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { listRecentActivity } from "~/server/auth/activity.server";
import type { Auth } from "~/server/auth/auth.server";
import { createAuth } from "~/server/auth/auth.server";
import {
  LAST_WAY_IN_CODE,
  readWaysIn,
  removeSignInMethod,
  removeWayIn,
} from "~/server/auth/sign-in-methods.server";
import { migrateToLatest } from "~/server/db/database.server";
import { NOT_FRESH_CODE } from "~/server/session/freshness.server";
import { authWithOneAccount, TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import passkeysFeature from "./feature.server";
import { passkeyWayOut } from "./passkeys.server";

/** Passkeys as ways in: counted, never the last one removed, and added only after a fresh sign-in. */

/** The passkey plugin's endpoints these tests call (the core's `Auth` type knows only the core's plugins). */
type PasskeyCalls = Record<
  "deletePasskey" | "listPasskeys" | "generatePasskeyRegistrationOptions" | "verifyPasskeyRegistration",
  (request: { body?: unknown; headers: Headers }) => Promise<unknown[]>
>;
const passkeyApi = (auth: Auth) => auth.api as unknown as PasskeyCalls;

describe("keepOneWayIn, through better-auth's own endpoints", () => {
  test("with a passkey too, the password can go; then the passkey cannot", async () => {
    const { auth, headers, db, userId } = await authWithOneAccount();
    await sql`INSERT INTO "passkey" ("id","publicKey","userId","credentialID","counter","deviceType","backedUp")
      VALUES ('pk1','key',${userId},'cred1',0,'singleDevice',0)`.execute(db.kysely);
    const [account] = await auth.api.listUserAccounts({ headers });
    await auth.api.unlinkAccount({ body: { accountId: account?.id ?? "" }, headers });
    expect(await auth.api.listUserAccounts({ headers })).toHaveLength(0);

    const refused = await passkeyApi(auth)
      .deletePasskey({ body: { id: "pk1" }, headers })
      .catch((error: unknown) => error);
    expect(isAPIError(refused) && refused.body?.code).toBe(LAST_WAY_IN_CODE);
    expect(await passkeyApi(auth).listPasskeys({ headers })).toHaveLength(1);
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
              target: passkeyWayOut(passkey?.id ?? ""),
              configured: [],
            }),
          ]);
          expect(results.sort()).toEqual(["last-way-in", "removed"]);
          const { ways } = await readWaysIn(first.kysely, user.id, []);
          expect(Number(ways.password) + ways.fromFeatures).toBe(1);
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
    const target = passkeyWayOut(passkey.id);

    const stale = await removeSignInMethod(db.kysely, headers, change(10), target, "Passkey");
    expect(stale).toMatchObject({ ok: false, status: 403, signInAgain: true });
    expect((await readWaysIn(db.kysely, userId, [])).ways.fromFeatures).toBe(1);

    expect(await removeSignInMethod(db.kysely, headers, change(1), target, "Passkey")).toMatchObject({
      ok: true,
      message: "Passkey deleted.",
    });
    expect((await readWaysIn(db.kysely, userId, [])).ways.fromFeatures).toBe(0);
    const [entry] = await listRecentActivity(db.kysely, userId, (method) => method);
    expect(entry).toMatchObject({ kind: "passkey-removed", browser: "Chrome on Linux" });
    await db.close();
  });
});

describe("adding a passkey", () => {
  test("needs a sign-in from the last 5 minutes, at every door", async () => {
    const { auth, db, headers } = await authWithOneAccount();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await sql`UPDATE "session" SET "createdAt" = ${tenMinutesAgo}`.execute(db.kysely);
    const attempts = [
      () => passkeyApi(auth).generatePasskeyRegistrationOptions({ headers }),
      () => passkeyApi(auth).verifyPasskeyRegistration({ body: { response: {} }, headers }),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({ statusCode: 403, body: { code: NOT_FRESH_CODE } });
    }
    await db.close();
  });
});

test("an undone email change removes the passkeys added since the change's browser signed in, and those of unknown age", async () => {
  const { db, userId } = await authWithOneAccount();
  const since = new Date("2026-01-10T12:00:00Z");
  const passkeys = { before: "2026-01-09T12:00:00.000Z", since: "2026-01-10T12:00:00.000Z", undated: null };
  for (const [id, createdAt] of Object.entries(passkeys)) {
    await sql`INSERT INTO "passkey" ("id","publicKey","userId","credentialID","counter","deviceType","backedUp","createdAt")
      VALUES (${id},'key',${userId},${id},0,'singleDevice',0,${createdAt})`.execute(db.kysely);
  }
  expect(await passkeysFeature.auth.onAccountRecovered(db.kysely, userId, since)).toEqual(["2 passkeys"]);
  const left = await db.kysely.selectFrom("passkey").select("id").execute();
  expect(left).toEqual([{ id: "before" }]);
  await db.close();
});
