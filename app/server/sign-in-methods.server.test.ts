import { isAPIError } from "better-auth/api";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { authWithOneAccount } from "../../tests/fixtures/auth-in-memory";
import { LAST_WAY_IN_CODE, leavesAWayIn, type WaysIn } from "./sign-in-methods.server";

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
