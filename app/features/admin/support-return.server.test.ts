/**
 * How a support sign-in ends: Stop, the hour's end, logging out; the
 * administrator's session given back only to the administrator who set it
 * aside, still an administrator; the trail of the end (once) and of each
 * action let through; the hour never slid past.
 */
import { describe, expect, test, vi } from "vitest";
// Every feature first, as the server loads them: their actions and the core's policy import each other.
import "~/features/server.server";
import { REFUSED_WHILE_IMPERSONATING } from "~/server/action-policy.server";
import { createAuth } from "~/server/auth/auth.server";
import { CORE_ACTIONS } from "~/server/dashboard/actions/index.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { openDatabase } from "~/server/db/database.server";
import { verifiedToken } from "~/server/session/fast-path.server";
import { readSession, signOut } from "~/server/session/session.server";
import { TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES } from "../../../tests/fixtures/storages";
import { SUPPORT_SIGN_IN_SECONDS } from "./constants";
import { readSetAside, sessionCookies, setAside } from "./support-cookies.server";
import { stopSupportSignIn } from "./support-return.server";
import { type Browser, newBrowser, worldsOn } from "./support-test-world.server";

const SESSION_COOKIE = "better-auth.session_token";
const SET_ASIDE_COOKIE = "better-auth.support_return";

// The one allowed skip: PostgreSQL is not configured on this machine.
describe.each(STORAGES)("a support sign-in's end on $name", ({ configured, create }) => {
  const newWorld = worldsOn(create);
  const skipNote = configured ? "" : ` (${NO_POSTGRES})`;

  /** Grace (an administrator) signed in as Ada for support, in Grace's browser. */
  async function supporting() {
    const w = await newWorld();
    const grace = await w.join("Grace Admin", { admin: true });
    const ada = await w.join("Ada Lovelace");
    const started = await w.start(grace, { userId: ada.id, reason: "Ticket 42" });
    if (started.status !== 302) throw new Error(`no support sign-in: ${started.status} ${started.message}`);
    const supportSession = () =>
      w.db.kysely
        .selectFrom("session")
        .select(["id", "token", "expiresAt", "createdAt"])
        .where("userId", "=", ada.id)
        .where("impersonatedBy", "=", grace.id)
        .executeTakeFirst();
    /** The session the root middleware reads for `browser` now; the browser keeps what it set. */
    async function nextRequest(browser: Browser = grace.browser) {
      const { session, setCookie } = await readSession(w.services, browser.headers());
      browser.keep(setCookie);
      return session;
    }
    const actions = async () => (await w.trail()).map((entry) => [entry.action, entry.detail]);
    /** A copy of `browser` as it is now (a second tab's request, say). */
    const copyOf = (browser: Browser) => {
      const copy = newBrowser();
      for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
      return copy;
    };
    const expireSupportSession = () =>
      w.db.kysely
        .updateTable("session")
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where("impersonatedBy", "=", grace.id)
        .execute();
    return { ...w, grace, ada, supportSession, nextRequest, actions, copyOf, expireSupportSession };
  }

  const stopRequest = (browser: Browser) =>
    new Request(`${TEST_APP_URL}/admin/support/stop`, { method: "POST", headers: browser.headers() });

  /** Posts Stop from `browser`, as the page does: the root middleware reads the session first. */
  async function stop(w: Awaited<ReturnType<typeof supporting>>, browser: Browser) {
    const request = stopRequest(browser);
    const { session, setCookie } = await readSession(w.services, request.headers);
    const answer = await stopSupportSignIn(w.services, request, session);
    browser.keep([...setCookie, ...answer.setCookie]);
    return answer;
  }

  test.skipIf(!configured)(
    `Stop gives the browser back to its administrator on the person's console page; the support session is gone, the trail has the stop once${skipNote}`,
    async () => {
      const w = await supporting();
      const before = w.copyOf(w.grace.browser);
      expect((await w.nextRequest())?.user.id).toBe(w.ada.id);
      expect(await stop(w, w.grace.browser)).toMatchObject({ location: `/admin/accounts/${w.ada.id}` });
      expect((await w.nextRequest())?.user.id).toBe(w.grace.id);
      expect(w.grace.browser.cookies.has(SET_ASIDE_COOKIE)).toBe(false);
      expect(w.grace.browser.cookies.has("better-auth.dont_remember")).toBe(false);
      expect(await w.supportSession()).toBeUndefined();
      // A tab still holding the support session's cookie gets the administrator back, and the trail no expiry.
      expect((await w.nextRequest(before))?.user.id).toBe(w.grace.id);
      expect(await w.actions()).toEqual([
        ["support-sign-in-start", expect.stringMatching(/^Until /)],
        ["support-sign-in-stop", null],
      ]);
    },
  );

  test.skipIf(!configured)(
    `at the hour's end the next request is the administrator's own session again, and the trail has the expiry once${skipNote}`,
    async () => {
      const w = await supporting();
      const otherTab = w.copyOf(w.grace.browser);
      const lateTab = w.copyOf(w.grace.browser);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (SUPPORT_SIGN_IN_SECONDS + 60) * 1000 });
      expect((await w.nextRequest())?.user.id).toBe(w.grace.id);
      expect(w.grace.browser.cookies.has(SET_ASIDE_COOKIE)).toBe(false);
      expect((await w.nextRequest(otherTab))?.user.id).toBe(w.grace.id);
      expect(await w.actions()).toEqual([
        ["support-sign-in-start", expect.stringMatching(/^Until /)],
        ["support-sign-in-expired", "The hour was up."],
      ]);
      // Stop from a page shown before (clicked just too late) goes to the person's page, and writes nothing.
      expect(await stop(w, lateTab)).toEqual({
        location: `/admin/accounts/${w.ada.id}`,
        setCookie: [],
      });
      expect(await w.trail()).toHaveLength(2);
    },
  );

  test.skipIf(!configured)(
    `logging out while signed in as the person ends the support sign-in and gives the administrator back${skipNote}`,
    async () => {
      const w = await supporting();
      w.grace.browser.keep(await signOut(w.auth, w.grace.browser.headers()));
      expect(await w.supportSession()).toBeUndefined();
      expect((await w.nextRequest())?.user.id).toBe(w.grace.id);
      expect(await w.actions()).toEqual([
        ["support-sign-in-start", expect.stringMatching(/^Until /)],
        ["support-sign-in-expired", "Its session ended before the hour was up: signed out."],
      ]);
    },
  );

  test.skipIf(!configured)(
    `a forged cookie, a session gone, an administrator no more, or another administrator's session gives nothing back${skipNote}`,
    async () => {
      const w = await supporting();
      await w.expireSupportSession();
      const context = await w.auth.$context;
      const held = await readSetAside(context, w.grace.browser.headers());
      if (!held) throw new Error("no set-aside cookie");
      const browserWith = async (value: string) => {
        const browser = newBrowser();
        browser.cookies.set(SET_ASIDE_COOKIE, value);
        return browser;
      };
      const signedAs = async (changed: typeof held) =>
        ((await setAside(context, changed)).split(";")[0] ?? "").slice(SET_ASIDE_COOKIE.length + 1);

      // Forged: the signature does not hold.
      const genuine = w.grace.browser.cookies.get(SET_ASIDE_COOKIE) ?? "";
      expect(await w.nextRequest(await browserWith(`${genuine.slice(0, -8)}AAAAAAAA`))).toBeNull();
      expect(await w.nextRequest(await browserWith(encodeURIComponent('{"token":"x"}.')))).toBeNull();
      // Another administrator's live session, under Grace's name.
      const other = await w.join("Other Admin", { admin: true });
      const othersToken =
        decodeURIComponent(other.browser.cookies.get(SESSION_COOKIE) ?? "").split(".")[0] ?? "";
      expect(
        await w.nextRequest(await browserWith(await signedAs({ ...held, token: othersToken }))),
      ).toBeNull();
      // Grace no longer an administrator.
      await w.db.kysely.updateTable("user").set({ role: null }).where("id", "=", w.grace.id).execute();
      expect(await w.nextRequest(await browserWith(genuine))).toBeNull();
      await w.db.kysely.updateTable("user").set({ role: "admin" }).where("id", "=", w.grace.id).execute();
      // A support session that another administrator started.
      const started = await w.start(other, { userId: w.ada.id, reason: "Ticket 43" });
      expect(started.status).toBe(302);
      const othersSupport = await w.db.kysely
        .selectFrom("session")
        .select("id")
        .where("impersonatedBy", "=", other.id)
        .executeTakeFirstOrThrow();
      const claimed = await signedAs({ ...held, supportSessionId: othersSupport.id });
      expect(await w.nextRequest(await browserWith(claimed))).toBeNull();
      // Grace's own session gone.
      await w.db.kysely.deleteFrom("session").where("userId", "=", w.grace.id).execute();
      expect(await w.nextRequest(await browserWith(genuine))).toBeNull();
      // The support sign-in ended all the same, once.
      expect((await w.actions()).filter(([action]) => action === "support-sign-in-expired")).toHaveLength(1);
    },
  );

  test.skipIf(!configured)(
    `Stop with no support sign-in going answers a redirect, and changes nothing${skipNote}`,
    async () => {
      const w = await supporting();
      expect(await stopSupportSignIn(w.services, stopRequest(newBrowser()), null)).toEqual({
        location: "/",
        setCookie: [],
      });
      const ada = await w.nextRequest(w.ada.browser);
      expect(await stopSupportSignIn(w.services, stopRequest(w.ada.browser), ada)).toEqual({
        location: "/dashboard",
        setCookie: [],
      });
      expect(await w.supportSession()).toBeDefined();
      expect(await w.trail()).toHaveLength(1);
    },
  );

  test.skipIf(!configured)(
    `Stop without the administrator's set-aside session ends the support sign-in and signs the browser out${skipNote}`,
    async () => {
      const w = await supporting();
      w.grace.browser.cookies.delete(SET_ASIDE_COOKIE);
      expect(await stop(w, w.grace.browser)).toMatchObject({ location: "/login" });
      expect(await w.supportSession()).toBeUndefined();
      expect(await w.nextRequest()).toBeNull();
      expect((await w.trail()).at(-1)).toMatchObject({ action: "support-sign-in-stop", adminId: w.grace.id });
    },
  );

  test.skipIf(!configured)(
    `every action let through in the person's place is in the trail by its name; a refused one is not, and changes nothing${skipNote}`,
    async () => {
      const w = await supporting();
      const signedIn = await w.nextRequest();
      if (!signedIn) throw new Error("not signed in");
      const post = (fields: Record<string, string>) =>
        runDashboardAction(
          CORE_ACTIONS,
          w.services,
          new Request(`${TEST_APP_URL}/dashboard`, {
            method: "POST",
            headers: w.grace.browser.headers(),
            body: new URLSearchParams(fields),
          }),
          signedIn,
        );
      expect((await post({ intent: "update-name", name: "Ada King" })).init?.status).toBe(200);
      const refused = await post({
        intent: "change-password",
        currentPassword: "correct horse battery",
        newPassword: "another horse battery staple",
      });
      expect({ status: refused.init?.status, message: refused.data.message }).toEqual({
        status: 403,
        message: REFUSED_WHILE_IMPERSONATING.message,
      });
      expect((await w.trail()).at(-1)).toMatchObject({
        action: "support-action",
        adminId: w.grace.id,
        targetId: w.ada.id,
        detail: "/dashboard update-name",
      });
      expect(await w.trail()).toHaveLength(2);
    },
  );

  test.skipIf(!configured)(
    `a browser that drops its "do not remember" cookie cannot slide the support session past its hour${skipNote}`,
    async () => {
      const w = await supporting();
      const token = w.grace.browser.cookies.get(SESSION_COOKIE) ?? "";
      const slid = newBrowser();
      slid.cookies.set(SESSION_COOKIE, token);
      expect((await w.sessionOf(slid))?.user.id).toBe(w.ada.id);
      const support = await w.supportSession();
      if (!support) throw new Error("no support session");
      const lasts = new Date(support.expiresAt).getTime() - new Date(support.createdAt).getTime();
      expect(lasts).toBeLessThanOrEqual(SUPPORT_SIGN_IN_SECONDS * 1000);
    },
  );
});

test("on HTTPS the cookies are Secure, named with better-auth's prefix, and signed as better-auth signs its own", async () => {
  const db = openDatabase(":memory:");
  const env = { APP_URL: "https://app.example.com", APP_NAME: "Test", isHttps: true, providers: {} };
  const context = await createAuth({ env, kysely: db.kysely, secret: "s".repeat(43) }).$context;
  const value = {
    token: "admin-token",
    admin: { id: "a", email: "a@example.com" },
    target: { id: "t", email: "t@example.com" },
    supportSessionId: "s",
    endsAt: Date.now(),
    forgetful: false,
  };
  const cookie = await setAside(context, value);
  expect(cookie).toMatch(/^__Secure-better-auth\.support_return=/);
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; Secure/);
  expect(cookie).toMatch(/; SameSite=Lax/);
  expect(await readSetAside(context, new Headers({ cookie: cookie.split(";")[0] ?? "" }))).toEqual(value);
  const [session] = await sessionCookies(context, "session-token", { forgetful: false });
  expect(session).toMatch(/^__Secure-better-auth\.session_token=.*; Secure/);
  const signed = decodeURIComponent((session?.split(";")[0] ?? "").split("=")[1] ?? "");
  expect(verifiedToken(signed, context.secret)).toBe("session-token");
  await db.close();
});
