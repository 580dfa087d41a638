/**
 * Suspending and lifting, through the console's forms as the account page
 * posts them, on the real better-auth (its admin plugin included) and both
 * databases the app runs on: what each writes, who may be suspended, the
 * end date's rules, and what the ways in the server runs answer meanwhile.
 */
import { afterEach, describe, expect, test } from "vitest";
import { accountMail } from "~/server/auth/account-mail.server";
import { createAuth } from "~/server/auth/auth.server";
import { signInWithPassword } from "~/server/auth/credentials.server";
import { resetPasswordAndSignIn } from "~/server/auth/password-reset.server";
import { redeemSignUpCode, requestSignUp } from "~/server/auth/sign-up.server";
import type { AppServices } from "~/server/context.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { migrateToLatest } from "~/server/db/database.server";
import type { Env } from "~/server/env.server";
import { signInRefusal } from "~/server/feature-hooks.server";
import { createAuthRateLimits } from "~/server/limits/rate-limit.server";
import type { MailMessage } from "~/server/mail/mailer.server";
import { mailOutbox } from "~/server/mail/outbox.server";
import { browserHeaders, TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import { listAudit } from "./audit.server";
import { ACCOUNT_SUSPENDED_MESSAGE } from "./constants";
import { SUSPENSION_ACTIONS } from "./suspension.server";

const SECRET = "s".repeat(43);
const PASSWORD = "correct horse battery";
const DAY_MS = 24 * 60 * 60 * 1000;
/** A date field's value, `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

type Person = { id: string; email: string; headers: Headers };

/** The app's services on `storage`'s database, people signed up with a password, and the console's posts. */
async function suspensionWorld(storage: Storage) {
  const db = await storage.open();
  await migrateToLatest(db.kysely);
  const env = { APP_URL: TEST_APP_URL, APP_NAME: "Test", isHttps: false, providers: {} };
  const outbox = mailOutbox({ kysely: db.kysely, secret: SECRET });
  /** Every mail queued, in order. */
  const mails: MailMessage[] = [];
  const mail = accountMail({
    env,
    outbox: {
      ...outbox,
      enqueue: async (message, ...rest) => {
        mails.push(message);
        await outbox.enqueue(message, ...rest);
      },
    },
  });
  const resetTokens = new Map<string, string>();
  const recording: typeof mail = {
    ...mail,
    sendPasswordReset: async (reset) => {
      resetTokens.set(reset.user.email, reset.token);
      await mail.sendPasswordReset(reset);
    },
  };
  const rateLimits = createAuthRateLimits({ perIp: 10_000 });
  const auth = createAuth({
    env,
    kysely: db.kysely,
    dialect: db.dialect,
    secret: SECRET,
    mail: recording,
    rateLimits,
  });
  const services = {
    env: env as unknown as Env,
    auth,
    rateLimits,
    db: db.kysely,
    mail: recording,
  } satisfies AppServices;
  let people = 0;

  async function join(role: "admin" | null = null): Promise<Person> {
    people += 1;
    const email = `person-${people}@example.com`;
    const signedUp = await auth.api.signUpEmail({
      body: { name: `Person ${people}`, email, password: PASSWORD },
      headers: browserHeaders(),
      returnHeaders: true,
    });
    await db.kysely
      .updateTable("user")
      .set({ emailVerified: true, role })
      .where("email", "=", email)
      .execute();
    const cookie = signedUp.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    return { id: signedUp.response.user.id, email, headers: browserHeaders({ cookie }) };
  }

  /** Posts a suspension form as `admin`, as the account page does; the answer's status and body. */
  async function post(admin: Person, fields: Record<string, string>) {
    const signedIn = await auth.api.getSession({ headers: admin.headers });
    if (!signedIn) throw new Error(`${admin.email} is not signed in`);
    const request = new Request(`${TEST_APP_URL}/admin/accounts/${fields.userId}`, {
      method: "POST",
      headers: admin.headers,
      body: new URLSearchParams(fields),
    });
    const answer = await runDashboardAction(SUSPENSION_ACTIONS, services, request, signedIn);
    return { status: answer.init?.status ?? 200, ...answer.data };
  }

  const signIn = (person: Person, password = PASSWORD) =>
    signInWithPassword(auth, { email: person.email, password }, browserHeaders());
  const sessionsOf = async (person: Person) =>
    (await db.kysely.selectFrom("session").select("id").where("userId", "=", person.id).execute()).length;
  const logOf = async (person: Person) =>
    (await db.kysely.selectFrom("activity").select("kind").where("userId", "=", person.id).execute()).map(
      (entry) => entry.kind,
    );
  const trail = async () => (await listAudit(db.kysely, { page: 1 })).entries;
  async function resetLinkFor(person: Person) {
    await auth.api.requestPasswordReset({ body: { email: person.email }, headers: browserHeaders() });
    const token = resetTokens.get(person.email);
    if (!token) throw new Error(`no reset link for ${person.email}`);
    return token;
  }
  /** "Create account" with `email`, as the sign-in page asks it (email first: nothing is created yet). */
  const requestSignUpWith = (email: string) =>
    requestSignUp(
      { mail, secret: SECRET },
      {
        name: "Someone",
        email,
        password: "another good passphrase",
        redirectTo: "/dashboard",
        requesterHash: "browser",
      },
    );
  return {
    db,
    services,
    mails,
    join,
    post,
    signIn,
    sessionsOf,
    logOf,
    trail,
    resetLinkFor,
    requestSignUpWith,
  };
}

describe.each(STORAGES)("suspension on $name", ({ configured, create }) => {
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.cleanUp();
    storage = undefined;
  });
  const open = async () => {
    storage = await create();
    return suspensionWorld(storage);
  };
  const note = configured ? "" : ` (${NO_POSTGRES})`;

  // The one allowed skip: PostgreSQL is not configured on this machine.
  test.skipIf(!configured)(
    `suspending ends every session, refuses the password and the reset link with the message, and writes the trail, the log and a mail without the reason${note}`,
    async () => {
      const { db, services, mails, join, post, signIn, sessionsOf, logOf, trail, resetLinkFor } =
        await open();
      const grace = await join("admin");
      const ada = await join();
      expect((await signIn(ada)).ok).toBe(true);
      expect(await sessionsOf(ada)).toBe(2);
      const token = await resetLinkFor(ada);

      const until = day(3);
      const answer = await post(grace, {
        intent: "suspend-account",
        userId: ada.id,
        reason: "Spam links",
        until,
      });
      expect(answer).toMatchObject({ status: 200, ok: true, target: ada.id });

      expect(await sessionsOf(ada)).toBe(0);
      expect(await services.auth.api.getSession({ headers: ada.headers })).toBeNull();
      expect(await sessionsOf(grace)).toBe(1);
      const suspendedMail = mails.length;
      const [entry] = await trail();
      expect(entry).toMatchObject({
        action: "suspend",
        admin: { id: grace.id, email: grace.email },
        target: { id: ada.id, email: ada.email },
        reason: "Spam links",
        detail: `Ends ${until}T00:00:00.000Z`,
      });
      expect(await logOf(ada)).toContain("admin-suspended");
      const suspended = mails[suspendedMail - 1];
      expect(suspended?.to).toBe(ada.email);
      expect(suspended?.subject).toBe("Your Test account is suspended");
      expect(suspended?.text).toContain(ACCOUNT_SUSPENDED_MESSAGE);
      expect(`${suspended?.text}${suspended?.html}`).not.toContain("Spam links");

      // Every way in the server runs answers the message: a right password (a wrong one stays a wrong one), a reset link.
      expect(await signIn(ada)).toEqual({ ok: false, status: 403, message: ACCOUNT_SUSPENDED_MESSAGE });
      expect(await signIn(ada, "not the password")).toMatchObject({ status: 401 });
      expect(await signInRefusal(db.kysely, ada.id)).toBe(ACCOUNT_SUSPENDED_MESSAGE);
      const reset = await resetPasswordAndSignIn(services, browserHeaders(), {
        token,
        newPassword: "a brand new passphrase",
      });
      expect(reset).toEqual({ ok: false, expired: false, refusal: ACCOUNT_SUSPENDED_MESSAGE });
      expect(await services.mail.peek("reset-password", token)).toBe(ada.id);
      expect(await sessionsOf(ada)).toBe(0);
      // Nor does a way in join it meanwhile (a provider's sign-in links before it asks for the session).
      const { internalAdapter } = await services.auth.$context;
      const link = internalAdapter.linkAccount({
        providerId: "oidc",
        accountId: "ada-at-oidc",
        userId: ada.id,
      });
      await expect(link).rejects.toMatchObject({
        body: { code: "BANNED_USER", message: ACCOUNT_SUSPENDED_MESSAGE },
      });

      // Lifted: the old password signs in again (the reset changed nothing), and the trail, log and mail say so.
      expect(await post(grace, { intent: "lift-suspension", userId: ada.id })).toMatchObject({
        status: 200,
        ok: true,
      });
      expect((await signIn(ada)).ok).toBe(true);
      expect(await signInRefusal(db.kysely, ada.id)).toBeNull();
      expect((await trail())[0]).toMatchObject({
        action: "lift-suspension",
        target: { id: ada.id },
        detail: `It was to end ${until}T00:00:00.000Z`,
      });
      expect(await logOf(ada)).toContain("admin-suspension-lifted");
      expect(mails.at(-1)).toMatchObject({
        to: ada.email,
        subject: "Your Test account is no longer suspended",
      });
      expect(await post(grace, { intent: "lift-suspension", userId: ada.id })).toMatchObject({ status: 409 });
    },
  );

  test.skipIf(!configured)(
    `an administrator cannot suspend their own account nor another administrator's; nothing changes${note}`,
    async () => {
      const { join, post, sessionsOf, trail, mails, signIn } = await open();
      const grace = await join("admin");
      const alan = await join("admin");
      for (const target of [grace, alan]) {
        const answer = await post(grace, { intent: "suspend-account", userId: target.id, reason: "Testing" });
        expect(answer).toMatchObject({ status: 403, ok: false });
        expect(await sessionsOf(target)).toBe(1);
      }
      expect((await signIn(alan)).ok).toBe(true);
      expect(await trail()).toEqual([]);
      expect(mails.map((mail) => mail.subject)).toEqual([]);
      expect(
        await post(grace, { intent: "suspend-account", userId: "nobody", reason: "Gone" }),
      ).toMatchObject({
        status: 404,
      });
    },
  );

  test.skipIf(!configured)(
    `a missing reason, and an end date that is not a day after today, are refused on their field; nothing changes${note}`,
    async () => {
      const { join, post, sessionsOf, trail } = await open();
      const grace = await join("admin");
      const ada = await join();
      const suspend = (fields: Record<string, string>) =>
        post(grace, { intent: "suspend-account", userId: ada.id, ...fields });
      for (const reason of [undefined, "", "   "]) {
        const answer = await suspend(reason === undefined ? {} : { reason });
        expect(answer).toMatchObject({ status: 400, fieldErrors: { reason: "Say why." } });
      }
      for (const until of [day(-1), day(0), "2027-02-30", "tomorrow"]) {
        const answer = await suspend({ reason: "Spam", until });
        expect(answer.status).toBe(400);
        expect(answer.fieldErrors?.until).toMatch(/^Choose a day/);
      }
      expect(await sessionsOf(ada)).toBe(1);
      expect(await trail()).toEqual([]);
    },
  );

  test.skipIf(!configured)(
    `a suspension whose end date passed counts as lifted: the password signs in, and lifting it is refused${note}`,
    async () => {
      const { db, join, post, signIn } = await open();
      const grace = await join("admin");
      const ada = await join();
      expect(await post(grace, { intent: "suspend-account", userId: ada.id, reason: "Spam" })).toMatchObject({
        status: 200,
      });
      expect((await signIn(ada)).ok).toBe(false);
      await db.kysely
        .updateTable("user")
        .set({ banExpires: new Date(Date.now() - 1000) })
        .where("id", "=", ada.id)
        .execute();
      expect(await signInRefusal(db.kysely, ada.id)).toBeNull();
      expect(await post(grace, { intent: "lift-suspension", userId: ada.id })).toMatchObject({ status: 409 });
      expect((await signIn(ada)).ok).toBe(true);
    },
  );

  test.skipIf(!configured)(
    `a sign-up with a suspended account's address mails its owner the message, with no code and no way in; nothing is created${note}`,
    async () => {
      const { db, join, post, mails, requestSignUpWith } = await open();
      const grace = await join("admin");
      const ada = await join();
      await post(grace, { intent: "suspend-account", userId: ada.id, reason: "Spam" });
      const before = mails.length;
      const requested = await requestSignUpWith(ada.email);
      if (!("id" in requested)) throw new Error("the request was refused");
      const notice = mails[before];
      expect(mails).toHaveLength(before + 1);
      expect(notice?.subject).toBe("Someone tried to create a Test account with your address");
      expect(notice?.text).toContain(ACCOUNT_SUSPENDED_MESSAGE);
      expect(notice?.text).not.toMatch(/\d{6}|Sign in|reset your password|https?:/);
      expect(notice?.html).not.toContain("<a ");
      for (const code of ["000000", "123456"]) {
        const redeemed = await redeemSignUpCode(db.kysely, SECRET, {
          id: requested.id,
          code,
          requesterHash: "browser",
        });
        expect(redeemed).toMatchObject({ code: "WRONG_CODE" });
      }
      expect(
        await db.kysely.selectFrom("user").select("id").where("email", "=", ada.email).execute(),
      ).toEqual([{ id: ada.id }]);

      // Lifted, the same notice offers signing in again.
      await post(grace, { intent: "lift-suspension", userId: ada.id });
      await requestSignUpWith(ada.email);
      expect(mails.at(-1)?.text).toContain("sign in instead");
      expect(mails.at(-1)?.text).not.toContain("suspended");
    },
  );
});
