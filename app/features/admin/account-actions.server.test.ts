/** The account page's forms on the server: what each changes, what it writes in the trail and the log, and what it refuses. */
import { afterEach, expect, test } from "vitest";
import { NEEDS_FRESH_SIGN_IN } from "~/server/session/freshness.server";
import { LISTED_IN_SETTINGS, NOT_ON_YOURSELF } from "./account-actions.server";
import { ACCOUNT_RULES } from "./account-rules";
import { ADMIN_ROLE } from "./administrators.server";
import { adminWorld, type World } from "./test-world.server";

const LISTED = "boss@example.com";
const REASON = "Ticket 4521: lost phone";

let world: World | undefined;
afterEach(async () => {
  await world?.db.close();
  world = undefined;
});

async function open() {
  world = await adminWorld({ listed: [LISTED] });
  const admin = await world.signUp(LISTED, { ip: "198.51.100.1" });
  return { ...world, admin };
}

/** Whether the account holds the console's role (a sign-up gets better-auth's default role, `user`). */
const hasAdminRole = async ({ db }: World, userId: string) =>
  (await db.kysely.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst())?.role ===
  ADMIN_ROLE;

test("sign out everywhere ends every session of the person, voids what they trusted, and is in the trail and their log", async () => {
  const { admin, signUp, post, services, db, trail, activityOf } = await open();
  const person = await signUp();
  const phone = await services.auth.api.signInEmail({
    body: { email: person.email, password: "correct horse battery" },
    headers: person.headers,
    returnHeaders: true,
  });
  expect(phone.headers.getSetCookie()).not.toEqual([]);
  const stampBefore = await db.kysely
    .selectFrom("user")
    .select("securityStamp")
    .where("id", "=", person.id)
    .executeTakeFirstOrThrow();

  const answer = await post(admin, { intent: "sign-out-everywhere", userId: person.id, reason: REASON });
  expect(answer).toMatchObject({ status: 200, ok: true, target: person.id });
  expect(
    await db.kysely.selectFrom("session").select("id").where("userId", "=", person.id).execute(),
  ).toEqual([]);
  expect(await services.auth.api.getSession({ headers: person.headers })).toBeNull();
  // The administrator's own session goes on.
  expect(await services.auth.api.getSession({ headers: admin.headers })).not.toBeNull();
  const stampAfter = await db.kysely
    .selectFrom("user")
    .select("securityStamp")
    .where("id", "=", person.id)
    .executeTakeFirstOrThrow();
  expect(stampAfter.securityStamp).toBeGreaterThan(stampBefore.securityStamp);
  expect(await trail()).toEqual([
    expect.objectContaining({
      action: "sign-out-everywhere",
      adminId: admin.id,
      adminEmail: LISTED,
      targetId: person.id,
      targetEmail: person.email,
      reason: REASON,
      ipAddress: "198.51.100.1",
    }),
  ]);
  expect(await activityOf(person.id)).toContain("admin-signed-out-everywhere");
});

test("make and remove an administrator: the role, a trail entry and a log entry each time", async () => {
  const w = await open();
  const person = await w.signUp();
  expect(await w.post(w.admin, { intent: "make-admin", userId: person.id, reason: REASON })).toMatchObject({
    status: 200,
    ok: true,
  });
  expect(await hasAdminRole(w, person.id)).toBe(true);
  expect(await w.post(w.admin, { intent: "make-admin", userId: person.id, reason: REASON })).toMatchObject({
    status: 409,
    message: "This account is already an administrator.",
  });
  expect(
    await w.post(w.admin, { intent: "remove-admin", userId: person.id, reason: "Left the company" }),
  ).toMatchObject({
    status: 200,
    ok: true,
  });
  expect(await hasAdminRole(w, person.id)).toBe(false);
  expect(await w.post(w.admin, { intent: "remove-admin", userId: person.id, reason: REASON })).toMatchObject({
    status: 409,
  });
  expect((await w.trail()).map((entry) => [entry.action, entry.targetEmail, entry.reason])).toEqual([
    ["make-admin", person.email, REASON],
    ["remove-admin", person.email, "Left the company"],
  ]);
  const log = await w.activityOf(person.id);
  expect(log.filter((kind) => kind.startsWith("admin-"))).toEqual(["admin-role-given", "admin-role-removed"]);
});

test("refusals change nothing and write nothing: a listed administrator, oneself, an unknown account, no reason", async () => {
  const w = await open();
  const made = await w.signUp(undefined, { admin: true });
  // A listed administrator stays one: the console cannot take the role away.
  await w.db.kysely.updateTable("user").set({ role: ADMIN_ROLE }).where("id", "=", w.admin.id).execute();
  expect(await w.post(made, { intent: "remove-admin", userId: w.admin.id, reason: REASON })).toMatchObject({
    status: LISTED_IN_SETTINGS.status,
    message: LISTED_IN_SETTINGS.message,
  });
  expect(await hasAdminRole(w, w.admin.id)).toBe(true);
  // Nobody acts on their own account here.
  for (const intent of ["remove-admin", "sign-out-everywhere"]) {
    expect(await w.post(made, { intent, userId: made.id, reason: REASON })).toMatchObject({
      status: 409,
      message: NOT_ON_YOURSELF.message,
    });
  }
  expect(await hasAdminRole(w, made.id)).toBe(true);
  expect(await w.services.auth.api.getSession({ headers: made.headers })).not.toBeNull();
  expect(
    await w.post(made, { intent: "make-admin", userId: "no-such-account", reason: REASON }),
  ).toMatchObject({
    status: 404,
  });
  const person = await w.signUp();
  const noReason = await w.post(made, { intent: "make-admin", userId: person.id, reason: "  " });
  expect(noReason).toMatchObject({ status: 400, fieldErrors: { reason: "Say why." } });
  expect(await hasAdminRole(w, person.id)).toBe(false);
  expect(await w.trail()).toEqual([]);
});

test("only a confirmed, unsuspended account is made an administrator", async () => {
  const w = await open();
  const unconfirmed = await w.addAccount({ emailVerified: false });
  const suspended = await w.addAccount({ banned: true });
  expect(await w.post(w.admin, { intent: "make-admin", userId: unconfirmed, reason: REASON })).toMatchObject({
    status: 409,
    message: ACCOUNT_RULES.unverified,
  });
  expect(await w.post(w.admin, { intent: "make-admin", userId: suspended, reason: REASON })).toMatchObject({
    status: 409,
    message: ACCOUNT_RULES.suspended,
  });
  expect([await hasAdminRole(w, unconfirmed), await hasAdminRole(w, suspended)]).toEqual([false, false]);
  expect(await w.trail()).toEqual([]);
});

test("giving or taking the role wants a recent sign-in; signing out everywhere does not", async () => {
  const w = await open();
  const person = await w.signUp();
  await w.db.kysely
    .updateTable("session")
    .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
    .where("userId", "=", w.admin.id)
    .execute();
  expect(await w.post(w.admin, { intent: "make-admin", userId: person.id, reason: REASON })).toMatchObject({
    status: 403,
    message: NEEDS_FRESH_SIGN_IN.message,
    signInAgain: true,
  });
  expect(await hasAdminRole(w, person.id)).toBe(false);
  expect(
    await w.post(w.admin, { intent: "sign-out-everywhere", userId: person.id, reason: REASON }),
  ).toMatchObject({
    status: 200,
  });
});

test("the database itself refuses to change or delete a trail entry", async () => {
  const w = await open();
  const person = await w.signUp();
  await w.post(w.admin, { intent: "sign-out-everywhere", userId: person.id, reason: REASON });
  await expect(
    w.db.kysely.updateTable("admin_audit").set({ reason: "nothing happened" }).execute(),
  ).rejects.toThrow(/append-only/);
  await expect(w.db.kysely.deleteFrom("admin_audit").execute()).rejects.toThrow(/append-only/);
  expect(await w.trail()).toEqual([expect.objectContaining({ reason: REASON })]);
});
