/** Signing in as a person for support: who may, whom, with what proof, and what the start leaves behind. */
import { describe, expect, test, vi } from "vitest";
import { NEEDS_FRESH_SIGN_IN } from "~/server/session/freshness.server";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES } from "../../../tests/fixtures/storages";
import { SUPPORT_SIGN_IN_SECONDS } from "./constants";
import { ADMIN_REFUSAL, SELF_REFUSAL, SUSPENDED_REFUSAL } from "./support-sign-in.server";
import { LISTED_ADMIN, worldsOn } from "./support-test-world.server";

// The one allowed skip: PostgreSQL is not configured on this machine.
describe.each(STORAGES)("a support sign-in's start on $name", ({ configured, create }) => {
  const newWorld = worldsOn(create);
  const skipNote = configured ? "" : ` (${NO_POSTGRES})`;

  async function world() {
    const w = await newWorld();
    const grace = await w.join("Grace Admin", { admin: true, ip: "198.51.100.9" });
    const ada = await w.join("Ada Lovelace");
    return { ...w, grace, ada };
  }

  test.skipIf(!configured)(
    `the browser gets the person's session for an hour, the administrator's set aside; the person an entry and a mail, the trail the start${skipNote}`,
    async () => {
      const w = await world();
      const answer = await w.start(w.grace, { userId: w.ada.id, reason: "Ticket 42: cannot see invoices" });
      expect(answer).toMatchObject({ status: 302, location: "/dashboard" });
      // The whole page loads again, with JavaScript too.
      const names = answer.setCookie.map((cookie) => cookie.split("=")[0]);
      expect(names).toEqual([
        "better-auth.session_token",
        "better-auth.dont_remember",
        "better-auth.support_return",
      ]);
      const setAside = answer.setCookie[2] ?? "";
      expect(setAside).toMatch(/; HttpOnly/);
      expect(setAside).toMatch(/; SameSite=Lax/);
      expect(setAside).not.toContain(w.grace.browser.cookies.get("better-auth.session_token") ?? "none");

      const now = await w.sessionOf(w.grace.browser);
      expect(now?.user.id).toBe(w.ada.id);
      const support = await w.db.kysely
        .selectFrom("session")
        .select(["impersonatedBy", "expiresAt", "createdAt", "ipAddress"])
        .where("userId", "=", w.ada.id)
        .where("impersonatedBy", "is not", null)
        .executeTakeFirstOrThrow();
      expect(support.impersonatedBy).toBe(w.grace.id);
      expect(support.ipAddress).toBe("198.51.100.9");
      const lasts = new Date(support.expiresAt).getTime() - new Date(support.createdAt).getTime();
      expect(Math.abs(lasts - SUPPORT_SIGN_IN_SECONDS * 1000)).toBeLessThan(5_000);

      // No sign-in of the person's, and no new-device notice: one entry, the support sign-in's.
      expect(await w.activityOf(w.ada)).toEqual(["sign-up", "admin-support-sign-in"]);
      expect(w.mails.map((mail) => [mail.to, mail.subject])).toEqual([
        [w.ada.email, "An administrator signed in to your Test account"],
      ]);
      const [mail] = w.mails;
      for (const part of [mail?.text, mail?.html]) {
        expect(part).toContain("for support on ");
        expect(part).not.toContain(w.grace.email);
        expect(part).not.toContain("Ticket 42");
      }
      expect(await w.trail()).toEqual([
        {
          action: "support-sign-in-start",
          adminId: w.grace.id,
          adminEmail: w.grace.email,
          targetId: w.ada.id,
          targetEmail: w.ada.email,
          reason: "Ticket 42: cannot see invoices",
          detail: expect.stringMatching(/^Until \d+ \w+ \d{4} at \d\d:\d\d UTC$/),
        },
      ]);
    },
  );

  test.skipIf(!configured)(
    `another administrator (by role or listed), oneself and a suspended account are refused, saying why; nothing starts${skipNote}`,
    async () => {
      const w = await world();
      const other = await w.join("Other Admin", { admin: true });
      const listed = await w.join("Listed Admin", { email: LISTED_ADMIN });
      const suspended = await w.join("Sam Suspended");
      await w.db.kysely.updateTable("user").set({ banned: true }).where("id", "=", suspended.id).execute();
      const asked = [
        [other.id, ADMIN_REFUSAL],
        [listed.id, ADMIN_REFUSAL],
        [w.grace.id, SELF_REFUSAL],
        [suspended.id, SUSPENDED_REFUSAL],
      ] as const;
      for (const [userId, refusal] of asked) {
        expect(await w.start(w.grace, { userId, reason: "Looking" })).toMatchObject({
          status: refusal.status,
          message: refusal.message,
        });
      }
      expect(await w.start(w.grace, { userId: "nobody", reason: "Looking" })).toMatchObject({ status: 404 });
      expect((await w.sessionOf(w.grace.browser))?.user.id).toBe(w.grace.id);
      expect(await w.trail()).toEqual([]);
      expect(w.mails).toEqual([]);
    },
  );

  test.skipIf(!configured)(
    `an account suspended between the check and its session gets the suspension's answer, not an error${skipNote}`,
    async () => {
      const w = await world();
      const { internalAdapter } = await w.auth.$context;
      const createSession = internalAdapter.createSession.bind(internalAdapter);
      vi.spyOn(internalAdapter, "createSession").mockImplementationOnce(async (...args) => {
        await w.db.kysely.updateTable("user").set({ banned: true }).where("id", "=", w.ada.id).execute();
        return createSession(...args);
      });
      expect(await w.start(w.grace, { userId: w.ada.id, reason: "Ticket 42" })).toMatchObject({
        status: SUSPENDED_REFUSAL.status,
        message: SUSPENDED_REFUSAL.message,
      });
      expect(await w.trail()).toEqual([]);
    },
  );

  test.skipIf(!configured)(
    `a missing reason, or the administrator's sign-in older than 5 minutes, is refused before anything starts${skipNote}`,
    async () => {
      const w = await world();
      expect(await w.start(w.grace, { userId: w.ada.id, reason: "   " })).toMatchObject({
        status: 400,
        fieldErrors: { reason: "Say why." },
      });
      expect(await w.start(w.grace, { userId: w.ada.id })).toMatchObject({ status: 400 });
      const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
      await w.db.kysely
        .updateTable("session")
        .set({ createdAt: tenMinutesAgo })
        .where("userId", "=", w.grace.id)
        .execute();
      expect(await w.start(w.grace, { userId: w.ada.id, reason: "Ticket 42" })).toMatchObject({
        status: 403,
        message: NEEDS_FRESH_SIGN_IN.message,
      });
      expect(await w.trail()).toEqual([]);
      expect(await w.activityOf(w.ada)).toEqual(["sign-up"]);
    },
  );

  test.skipIf(!configured)(
    `an administrator starts at most 10 an hour: the 11th answers 429 with the wait${skipNote}`,
    async () => {
      const w = await world();
      for (let n = 0; n < 10; n += 1) {
        // Refused ones count too: the limit is counted before the action looks at the account.
        expect(await w.start(w.grace, { userId: w.grace.id, reason: "Try" })).toMatchObject({ status: 400 });
      }
      const eleventh = await w.start(w.grace, { userId: w.ada.id, reason: "Ticket 42" });
      expect(eleventh).toMatchObject({
        status: 429,
        message: expect.stringMatching(/^Too many support sign-ins\. Try again in \d+ minutes?\.$/),
      });
      expect(await w.trail()).toEqual([]);
    },
  );
});
