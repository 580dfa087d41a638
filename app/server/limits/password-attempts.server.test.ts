import { isAPIError } from "better-auth/api";
import { describe, expect, test } from "vitest";
import { PASSWORD_FAILURES_BEFORE_BACKOFF } from "~/lib/constants";
import { authWithOneAccount, browserHeaders } from "../../../tests/fixtures/auth-in-memory";
import { listRecentActivity } from "../auth/activity.server";
import { retryAfterOf } from "./rate-limit.server";

/** The status of a better-auth call: 200, or its error's. */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (isAPIError(error)) return error.statusCode;
    throw error;
  }
}

/** The `name=value` pairs of a call's Set-Cookie headers, as a Cookie header. */
function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function setup() {
  const kit = await authWithOneAccount();
  const signIn = (password: string, { email = kit.account.email, cookie = "" } = {}) =>
    kit.auth.api.signInEmail({
      body: { email, password },
      headers: browserHeaders(cookie ? { cookie } : {}),
      returnHeaders: true,
    });
  return { ...kit, signIn };
}

describe("the failure budget of an account's password", () => {
  test("wrong passwords: after five, 429 with Retry-After, and even the right password waits", async () => {
    const { signIn, account, db } = await setup();
    for (let i = 1; i <= PASSWORD_FAILURES_BEFORE_BACKOFF; i += 1) {
      expect(await statusOf(signIn(`wrong password ${i}`))).toBe(401);
    }
    const refused = await signIn(account.password).catch((error: unknown) => error);
    expect(retryAfterOf(refused)).toBeGreaterThan(55);
    // A minute, or a few seconds less on a busy machine (the five tries took that long).
    expect((refused as Error).message).toMatch(
      /^Too many sign-in attempts\. Try again in (1 minute|5\d seconds)\.$/,
    );
    await db.close();
  });

  test("the budget is the address better-auth uses: case and spaces do not make new ones", async () => {
    const { signIn, account, db } = await setup();
    const spellings = [
      "ADA@example.com",
      " ada@example.com",
      "Ada@Example.com ",
      "ada@EXAMPLE.com",
      "ada@example.com",
    ];
    for (const email of spellings) expect(await statusOf(signIn("wrong", { email }))).toBe(401);
    expect(await statusOf(signIn(account.password, { email: " ADA@example.com" }))).toBe(429);
    await db.close();
  });

  test("successful sign-ins never count: the tenth in a row works", async () => {
    const { signIn, account, db } = await setup();
    for (let i = 0; i < 10; i += 1) expect(await statusOf(signIn(account.password))).toBe(200);
    await db.close();
  }, 60_000); // Ten scrypt checks, and a sign-up's: over 20 s on a machine running the whole suite beside it.

  test("an unknown address is counted like a known one (no way to tell them apart)", async () => {
    const { signIn, db } = await setup();
    for (let i = 0; i < PASSWORD_FAILURES_BEFORE_BACKOFF; i += 1) {
      expect(await statusOf(signIn("wrong", { email: "nobody@example.com" }))).toBe(401);
    }
    expect(await statusOf(signIn("wrong", { email: "nobody@example.com" }))).toBe(429);
    await db.close();
  });

  test("a browser that signed in before keeps its own budget while a stranger locks the account", async () => {
    const { signIn, account, db } = await setup();
    const owner = cookiesOf((await signIn(account.password)).headers);
    expect(owner).toMatch(/better-auth\.device=/);
    for (let i = 0; i < PASSWORD_FAILURES_BEFORE_BACKOFF; i += 1) await statusOf(signIn("stranger's guess"));
    expect(await statusOf(signIn(account.password))).toBe(429);
    // The owner's browser, with its device cookie, still signs in; and its own mistakes count apart.
    expect(await statusOf(signIn(account.password, { cookie: owner }))).toBe(200);
    for (let i = 0; i < PASSWORD_FAILURES_BEFORE_BACKOFF; i += 1) {
      expect(await statusOf(signIn("owner's typo", { cookie: owner }))).toBe(401);
    }
    expect(await statusOf(signIn(account.password, { cookie: owner }))).toBe(429);
    // A forged or altered device cookie vouches for nothing.
    const forged = owner.replace(
      /better-auth\.device=[^;]+/,
      "better-auth.device=eyJpZCI6IngiLCJ1c2VycyI6W119.AAAA",
    );
    expect(await statusOf(signIn(account.password, { cookie: forged }))).toBe(429);
    await db.close();
  }, 60_000); // Fourteen scrypt checks: some 8 s here, three times that on a busy machine.

  test("the password checks of a signed-in session share the budget, and each failure is in the activity log", async () => {
    const { auth, headers, account, userId, db } = await setup();
    const changePassword = (currentPassword: string) =>
      auth.api.changePassword({ body: { currentPassword, newPassword: "a new password" }, headers });
    const deleteUser = (password: string) => auth.api.deleteUser({ body: { password }, headers });
    const verifyPassword = (password: string) => auth.api.verifyPassword({ body: { password }, headers });
    expect(await statusOf(changePassword("guess 1"))).toBe(400);
    expect(await statusOf(deleteUser("guess 2"))).toBe(400);
    expect(await statusOf(verifyPassword("guess 3"))).toBe(400);
    expect(await statusOf(changePassword("guess 4"))).toBe(400);
    expect(await statusOf(verifyPassword("guess 5"))).toBe(400);
    expect(await statusOf(verifyPassword(account.password))).toBe(429);
    expect(await statusOf(deleteUser(account.password))).toBe(429);
    const kinds = (await listRecentActivity(db.kysely, userId, (method) => method))
      .filter((entry) => !entry.success)
      .map((entry) => entry.kind);
    expect(kinds.sort()).toEqual([
      "account-deletion-refused",
      "password-change-refused",
      "password-change-refused",
      "password-check-failed",
      "password-check-failed",
    ]);
    await db.close();
  }, 60_000); // Seven scrypt checks, and a sign-up's, as above.

  test("no password is checked outside the budget", async () => {
    const { auth, db } = await setup();
    const { password } = await auth.$context;
    const hash = await password.hash("correct horse");
    await expect(password.verify({ hash, password: "correct horse" })).rejects.toThrow(/failure budget/);
    await db.close();
  });
});
