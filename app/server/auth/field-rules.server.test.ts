import { isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import type { Database } from "../../../db/schema";
import { authWithOneAccount, browserHeaders } from "../../../tests/fixtures/auth-in-memory";

/** The status and message of a better-auth call that must be refused. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (error) {
    if (isAPIError(error)) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error("the call was not refused");
}

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

  test("passkey names and credential ids: 400 for what the rules refuse", async () => {
    const { auth, headers, db } = await authWithOneAccount();
    const rename = await refusal(
      auth.api.updatePasskey({ body: { id: "some-id", name: `Work\nlaptop${"x".repeat(100)}` }, headers }),
    );
    expect(rename.status).toBe(400);
    const options = await refusal(
      auth.api.generatePasskeyRegistrationOptions({ query: { name: "a\u0000" }, headers }),
    );
    expect(options.status).toBe(400);
    const signIn = await refusal(
      auth.api.verifyPasskeyAuthentication({
        body: { response: { id: { $gt: "" } } } as never,
        headers: browserHeaders(),
      }),
    );
    expect(signIn.status).toBe(400);
    await db.close();
  });
});
