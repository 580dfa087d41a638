/** The undo of an email change, on the server: whatever whoever made the change did next, the old address takes the account back. */
import { isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { accountMail } from "~/server/auth/account-mail.server";
import { createAuth } from "~/server/auth/auth.server";
import { endStandingTrust } from "~/server/auth/security-stamp.server";
import { changePassword } from "~/server/dashboard/account-settings.server";
import { migrateToLatest, type OpenedDatabase, openDatabase } from "~/server/db/database.server";
import { mailOutbox } from "~/server/mail/outbox.server";
import { issueMailToken } from "~/server/mail/tokens.server";
import { signOutEverywhere } from "~/server/session/sessions.server";
import { browserHeaders, TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import { confirmEmailChange, requestEmailChange } from "./email-change.server";
import * as undoLinks from "./migrations/0013-email-change-undo";
import { undoEmailChange } from "./undo.server";

const SECRET = "s".repeat(43);
const OWNER = { name: "Ada Lovelace", email: "ada@example.com", password: "correct horse battery" };
const ATTACKERS_ADDRESS = "mallory@example.com";
const THIRD = "third@example.com";
const facts = { at: new Date(), browser: "Chrome on Linux", ip: "203.0.113.7" };
const DAY_MS = 24 * 60 * 60 * 1000;

let db: OpenedDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

/**
 * The app on an in-memory database: one account, its address proven, with
 * a provider link of the owner's own from yesterday. (The features' own
 * ways in, passkeys and two-step sign-in, are their tests'
 * `onAccountRecovered`; the journey in email-change.e2e.ts adds a passkey.)
 */
async function world() {
  db = openDatabase(":memory:");
  await migrateToLatest(db.kysely);
  const kysely = db.kysely;
  const env = { APP_URL: TEST_APP_URL, APP_NAME: "Test", isHttps: false, providers: {} };
  const mail = accountMail({ env, outbox: mailOutbox({ kysely, secret: SECRET }) });
  // Every mailed link, as its mail carries it.
  const links: string[] = [];
  const issue = mail.mailedLink;
  mail.mailedLink = async (...args) => {
    const url = await issue(...args);
    links.push(url);
    return url;
  };
  const auth = createAuth({ env, kysely, secret: SECRET, mail });
  const { user } = await auth.api.signUpEmail({ body: OWNER, headers: browserHeaders() });
  const userId = user.id;
  await kysely.updateTable("user").set({ emailVerified: true }).where("id", "=", userId).execute();
  await addProvider("github", new Date(Date.now() - DAY_MS));

  async function addProvider(providerId: string, createdAt: Date) {
    await kysely
      .insertInto("account")
      .values({
        id: `${providerId}-${createdAt.getTime()}`,
        accountId: `${providerId}-id`,
        providerId,
        userId,
        createdAt,
        updatedAt: createdAt,
      })
      .execute();
  }
  const lastLink = (path: string) => {
    const link = links.findLast((url) => new URL(url).pathname === path);
    return new URL(link ?? "http://x").searchParams.get("token");
  };
  const account = () =>
    kysely
      .selectFrom("user")
      .select(["email", "emailChangedAt"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
  const signIn = async (email: string, password: string) => {
    const { headers } = await auth.api.signInEmail({
      body: { email, password },
      headers: browserHeaders(),
      returnHeaders: true,
    });
    return browserHeaders({ cookie: headers.getSetCookie()[0]?.split(";")[0] ?? "" });
  };
  const cannotSignIn = async (email: string, password: string) =>
    isAPIError(await signIn(email, password).catch((error: unknown) => error));

  /** Someone who knows the password signs in and moves the account to their own address: their browser, and the undo link. */
  async function takeOver(to = ATTACKERS_ADDRESS) {
    const { email } = await account();
    const headers = await signIn(email, OWNER.password);
    const session = await auth.api.getSession({ headers });
    if (!session) throw new Error("not signed in");
    const asked = await requestEmailChange(mail, { id: userId, email, emailVerified: true }, to);
    expect(asked).toMatchObject({ ok: true });
    const signedIn = { userId, signedInAt: session.session.createdAt };
    expect(await confirmEmailChange(mail, lastLink("/change-email"), signedIn, facts)).not.toBeNull();
    return { headers, undoToken: lastLink("/undo-email-change") };
  }

  /** …and then links a provider of their own. */
  const addWaysIn = () => addProvider("oidc", new Date());

  /** What is left of the account's ways in, and of its sessions. */
  const waysIn = async () => ({
    accounts: (
      await kysely.selectFrom("account").select("providerId").where("userId", "=", userId).execute()
    ).map((row) => row.providerId),
    sessions: (await kysely.selectFrom("session").select("id").where("userId", "=", userId).execute()).length,
  });

  return { kysely, auth, mail, userId, account, cannotSignIn, takeOver, addWaysIn, waysIn, lastLink };
}

type World = Awaited<ReturnType<typeof world>>;

/** The owner's account as the undo leaves it: back at their address, nothing of the other person's left. */
async function expectTakenBack(w: World, attackersPasswords: string[]) {
  expect(await w.account()).toEqual({ email: OWNER.email, emailChangedAt: null });
  expect(await w.waysIn()).toEqual({ accounts: ["github"], sessions: 0 });
  for (const password of attackersPasswords) {
    expect(await w.cannotSignIn(OWNER.email, password)).toBe(true);
    expect(await w.cannotSignIn(ATTACKERS_ADDRESS, password)).toBe(true);
  }
}

describe("the old address's undo still works after whoever made the change", () => {
  const steps: { name: string; step: (w: World, headers: Headers) => Promise<string[]> }[] = [
    {
      name: "changed the password",
      step: async (w, headers) => {
        const newPassword = "mallory's own long passphrase";
        const changed = await changePassword({ auth: w.auth, db: w.kysely }, headers, w.userId, {
          currentPassword: OWNER.password,
          newPassword,
        });
        expect(changed.ok).toBe(true);
        return [OWNER.password, newPassword];
      },
    },
    {
      name: "signed out everywhere",
      step: async (w, headers) => {
        await signOutEverywhere({ auth: w.auth, db: w.kysely }, headers, {
          userId: w.userId,
          thisBrowsersUser: null,
        });
        return [OWNER.password];
      },
    },
    {
      name: "raised the security stamp some other way (what a password reset does)",
      step: async (w) => {
        await endStandingTrust(w.kysely, w.userId);
        return [OWNER.password];
      },
    },
  ];

  test.each(steps)("$name", async ({ step }) => {
    const w = await world();
    const { headers, undoToken } = await w.takeOver();
    await w.addWaysIn();
    const attackersPasswords = await step(w, headers);

    const undone = await undoEmailChange(w.mail, undoToken, facts);
    expect(undone).toEqual({
      userId: w.userId,
      restored: true,
      email: OWNER.email,
      removed: ["Your password", "Signing in with oidc"],
    });
    await expectTakenBack(w, attackersPasswords);
    // The link works once.
    expect(await undoEmailChange(w.mail, undoToken, facts)).toBeNull();
  });
});

test("while the undo can be used, a second change is refused with the date it ends; the undo still works", async () => {
  const w = await world();
  const { undoToken } = await w.takeOver();
  await w.addWaysIn();
  const { email } = await w.account();
  const second = await requestEmailChange(w.mail, { id: w.userId, email, emailVerified: true }, THIRD);
  expect(second).toMatchObject({ ok: false, status: 409 });
  expect(!second.ok && second.message).toMatch(
    /^Your previous address can still undo the last change until \d{1,2} \w+ \d{4} at \d\d:\d\d UTC\. Try again after that/,
  );
  expect(await w.kysely.selectFrom("user").select("pendingEmailChange").executeTakeFirst()).toEqual({
    pendingEmailChange: null,
  });

  expect((await undoEmailChange(w.mail, undoToken, facts))?.restored).toBe(true);
  await expectTakenBack(w, [OWNER.password]);
});

test("once the undo link has expired, the address can change again", async () => {
  const w = await world();
  await w.takeOver();
  await w.kysely
    .updateTable("emailChangeUndo")
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .execute();
  const { email } = await w.account();
  const asked = await requestEmailChange(w.mail, { id: w.userId, email, emailVerified: true }, THIRD);
  expect(asked.ok).toBe(true);
});

describe("two changes, each with its undo link (the first one's made usable again, as an older version's link would be)", () => {
  async function chain() {
    const w = await world();
    const first = await w.takeOver();
    const undoRows = w.kysely.updateTable("emailChangeUndo").where("email", "=", OWNER.email);
    await undoRows.set({ expiresAt: new Date(Date.now() - 1000) }).execute();
    const second = await w.takeOver(THIRD);
    await undoRows.set({ expiresAt: new Date(Date.now() + DAY_MS) }).execute();
    return { w, toOwner: first.undoToken, toAttacker: second.undoToken };
  }

  test("the owner's undo puts the first address back, and voids the later change's undo", async () => {
    const { w, toOwner, toAttacker } = await chain();
    expect((await undoEmailChange(w.mail, toOwner, facts))?.restored).toBe(true);
    expect((await w.account()).email).toBe(OWNER.email);
    expect(await undoEmailChange(w.mail, toAttacker, facts)).toBeNull();
    expect((await w.account()).email).toBe(OWNER.email);
  });

  test("the later change's undo, used first, leaves the owner's undo working", async () => {
    const { w, toOwner, toAttacker } = await chain();
    expect(await undoEmailChange(w.mail, toAttacker, facts)).toMatchObject({ email: ATTACKERS_ADDRESS });
    expect((await undoEmailChange(w.mail, toOwner, facts))?.restored).toBe(true);
    await expectTakenBack(w, [OWNER.password]);
  });
});

test("when another account took the address since, the undo puts nothing back and removes nothing", async () => {
  const w = await world();
  const { undoToken } = await w.takeOver();
  await w.auth.api.signUpEmail({ body: { ...OWNER, name: "Someone Else" }, headers: browserHeaders() });
  expect(await undoEmailChange(w.mail, undoToken, facts)).toEqual({ userId: w.userId, restored: false });
  expect((await w.account()).email).toBe(ATTACKERS_ADDRESS);
  expect((await w.waysIn()).accounts).toContain("credential");
});

test("an undo link mailed by an older version, bound to the stamp of then, is adopted and works for the rest of its week", async () => {
  const w = await world();
  // A migration takes the database untyped (db/migrations/index.ts).
  const untyped = w.kysely as unknown as Kysely<unknown>;
  await undoLinks.down(untyped);
  await w.kysely.updateTable("user").set({ email: ATTACKERS_ADDRESS, securityStamp: 5 }).execute();
  const older = { userId: w.userId, from: ATTACKERS_ADDRESS, to: OWNER.email, stamp: 1 };
  const token = await issueMailToken(w.kysely, "undo-email-change", JSON.stringify(older), 60 * 60);
  // A change link (it has a request) is left as it is.
  const change = JSON.stringify({ ...older, request: "r" });
  await issueMailToken(w.kysely, "change-email", change, 60 * 60);
  await undoLinks.up(untyped);

  expect(
    await w.kysely.selectFrom("verification").select("value").where("value", "=", change).execute(),
  ).toHaveLength(1);
  expect((await undoEmailChange(w.mail, token, facts))?.restored).toBe(true);
  await expectTakenBack(w, [OWNER.password]);
});
