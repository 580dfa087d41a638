import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import type { Database } from "../../../db/schema";
import { authWithOneAccount, browserHeaders, refusal } from "../../../tests/fixtures/auth-in-memory";

async function nameOf(kysely: Kysely<Database>, userId: string): Promise<string | undefined> {
  return (await kysely.selectFrom("user").select("name").where("id", "=", userId).executeTakeFirst())?.name;
}

describe("the field rules hold at better-auth's own endpoints", () => {
  test.each([
    ["an object", { name: { a: 1 } }],
    ["an array", { name: ["Ada"] }],
    ["a number", { name: 42 }],
    ["30,000 characters with a line break", { name: `${"a".repeat(15_000)}\n${"b".repeat(15_000)}` }],
    ["a line break", { name: "Ada\nLovelace" }],
    ["a NUL", { name: "Ada\u0000" }],
    ["a field the app never changes", { name: "Ada", image: "https://evil.example/x.png" }],
  ])("a name that is %s: 400 and nothing stored", async (_, body) => {
    const { auth, headers, db, userId, account } = await authWithOneAccount();
    const { status } = await refusal(auth.api.updateUser({ body: body as { name: string }, headers }));
    expect(status).toBe(400);
    expect(await nameOf(db.kysely, userId)).toBe(account.name);
    await db.close();
  });

  test("a valid name is stored as the rule makes it (trimmed)", async () => {
    const { auth, headers, db, userId } = await authWithOneAccount();
    await auth.api.updateUser({ body: { name: "  Grace Hopper " }, headers });
    expect(await nameOf(db.kysely, userId)).toBe("Grace Hopper");
    await db.close();
  });

  test("sign-up takes the same rules as the page, and nothing more", async () => {
    const { auth, db } = await authWithOneAccount();
    const signUp = (body: Record<string, unknown>) =>
      refusal(auth.api.signUpEmail({ body: body as never, headers: browserHeaders() }));
    const valid = { name: "Grace", email: "grace@example.com", password: "correct horse" };
    expect((await signUp({ ...valid, name: "Gr\nace" })).status).toBe(400);
    expect((await signUp({ ...valid, email: { $ne: null } })).status).toBe(400);
    expect((await signUp({ ...valid, password: "short" })).message).toBe("Use at least 8 characters.");
    expect((await signUp({ ...valid, image: "https://evil.example/x.png" })).status).toBe(400);
    expect((await signUp({ ...valid, callbackURL: "https://evil.example" })).status).toBe(400);
    const created = await auth.api.signUpEmail({
      body: { ...valid, email: " Grace@Example.com " },
      headers: browserHeaders(),
    });
    expect(created.user.email).toBe("grace@example.com");
    await db.close();
  });
});

/** The password hash stored for `userId`, or undefined when the account has none. */
async function passwordHashOf(kysely: Kysely<Database>, userId: string) {
  const row = await kysely
    .selectFrom("account")
    .select("password")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return row?.password ?? undefined;
}

// Setting a first password (`setPassword`: server-only, no path) is checked by its caller: account-settings.server.test.ts.
describe("a new password easy to guess is refused at every better-auth door that sets one, and nothing is stored", () => {
  const GUESSABLE = { status: 400, code: "GUESSABLE_PASSWORD" };
  const PERSONAL = { status: 400, code: "PERSONAL_PASSWORD" };

  test("sign-up: a common password, or one built from the address, creates no account", async () => {
    const { auth, db } = await authWithOneAccount();
    const grace = { name: "Grace Hopper", email: "grace.hopper@example.com" };
    const signUp = (password: string) =>
      refusal(auth.api.signUpEmail({ body: { ...grace, password }, headers: browserHeaders() }));
    expect(await signUp("password1")).toMatchObject(GUESSABLE);
    expect(await signUp("gracehopper1906")).toMatchObject(PERSONAL);
    const users = await db.kysely.selectFrom("user").select("id").where("email", "=", grace.email).execute();
    expect(users).toEqual([]);
    await db.close();
  });

  test("change: the person's name with a year, or a common password, leaves the old password in place", async () => {
    const { auth, headers, db, userId, account } = await authWithOneAccount();
    const before = await passwordHashOf(db.kysely, userId);
    const change = (newPassword: string) =>
      refusal(auth.api.changePassword({ body: { currentPassword: account.password, newPassword }, headers }));
    expect(await change("password1")).toMatchObject(GUESSABLE);
    expect(await change("Ada Lovelace 1815")).toMatchObject(PERSONAL);
    // The app's name (APP_NAME is "Test" here) with digits appended.
    expect(await change("Test12345678")).toMatchObject({ status: 400 });
    expect(await passwordHashOf(db.kysely, userId)).toBe(before);
    await db.close();
  });

  test("reset: the link's token still works, and the password is unchanged", async () => {
    const { auth, db, userId } = await authWithOneAccount();
    const token = "a-reset-token-of-24-chars";
    const now = Date.now();
    await db.kysely
      .insertInto("verification")
      .values({
        id: "reset-row",
        // Stored as better-auth stores a reset token here (tokens.server.ts: hashed).
        identifier: createHash("sha256").update(`reset-password:${token}`).digest("base64url"),
        value: userId,
        expiresAt: new Date(now + 60_000),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .execute();
    const before = await passwordHashOf(db.kysely, userId);
    const reset = (newPassword: string) => auth.api.resetPassword({ body: { token, newPassword } });
    expect(await refusal(reset("Password123"))).toMatchObject(GUESSABLE);
    expect(await refusal(reset("adalovelace99"))).toMatchObject(PERSONAL);
    expect(await passwordHashOf(db.kysely, userId)).toBe(before);
    await reset("correct horse battery staple");
    expect(await passwordHashOf(db.kysely, userId)).not.toBe(before);
    await db.close();
  });
});
