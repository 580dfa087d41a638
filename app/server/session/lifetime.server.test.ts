import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { SESSION_MAX_AGE_SECONDS } from "~/lib/constants";
import { authWithOneAccount } from "../../../tests/fixtures/auth-in-memory";
import { cappedExpiry, deleteExpiredRows } from "./lifetime.server";

const DAY = 24 * 60 * 60 * 1000;

async function signedUpAuth() {
  const { db, auth, headers } = await authWithOneAccount();
  return { db, auth, cookieHeaders: headers };
}

describe("cappedExpiry", () => {
  const signIn = new Date("2026-01-01T00:00:00Z");

  test("leaves an expiry within the cap alone", () => {
    const expiresAt = new Date(signIn.getTime() + 7 * DAY);
    expect(cappedExpiry(signIn, expiresAt)).toEqual(expiresAt);
  });

  test("pulls a slid expiry back to the sign-in plus the cap", () => {
    const expiresAt = new Date(signIn.getTime() + 35 * DAY);
    expect(cappedExpiry(signIn, expiresAt)).toEqual(
      new Date(signIn.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
    );
  });
});

describe("the absolute session lifetime", () => {
  test("a session kept busy still ends 30 days after its sign-in", async () => {
    const { db, auth, cookieHeaders } = await signedUpAuth();
    // Signed in 29 days ago, last slid more than a day ago: the next use slides it.
    const createdAt = new Date(Date.now() - 29 * DAY).toISOString();
    const expiresAt = new Date(Date.now() + 5 * DAY).toISOString();
    await sql`UPDATE "session" SET "createdAt" = ${createdAt}, "expiresAt" = ${expiresAt}`.execute(db.kysely);

    expect(await auth.api.getSession({ headers: cookieHeaders })).not.toBeNull();
    const { rows } = await sql<{ expiresAt: string }>`SELECT "expiresAt" FROM "session"`.execute(db.kysely);
    const capped = new Date(createdAt).getTime() + SESSION_MAX_AGE_SECONDS * 1000;
    expect(new Date(rows[0]?.expiresAt ?? 0).getTime()).toBe(capped);
    await db.close();
  });

  test("past the cap, the cookie is signed out", async () => {
    const { db, auth, cookieHeaders } = await signedUpAuth();
    // Signed in just over 30 days ago; its last slide (over a day ago) predates the cap.
    const createdAt = new Date(Date.now() - 30 * DAY - 1000).toISOString();
    const expiresAt = new Date(Date.now() + 5 * DAY).toISOString();
    await sql`UPDATE "session" SET "createdAt" = ${createdAt}, "expiresAt" = ${expiresAt}`.execute(db.kysely);
    // The first use after the cap slides the expiry, which the cap sets in the past…
    await auth.api.getSession({ headers: cookieHeaders });
    // …so from the next request on, better-auth itself refuses it.
    expect(await auth.api.getSession({ headers: cookieHeaders })).toBeNull();
    await db.close();
  });
});

describe("deleteExpiredRows", () => {
  test("deletes expired sessions, verification values and sign-up requests, and old activity, nothing else", async () => {
    const { db } = await signedUpAuth();
    const past = new Date(Date.now() - 1000).toISOString();
    const old = new Date(Date.now() - 91 * DAY).toISOString();
    const now = new Date().toISOString();
    const { rows: users } = await sql<{ id: string }>`SELECT "id" FROM "user"`.execute(db.kysely);
    const userId = users[0]?.id ?? "";
    await sql`INSERT INTO "session" ("id","expiresAt","token","createdAt","updatedAt","userId")
      VALUES ('old',${past},'t-old',${past},${past},${userId})`.execute(db.kysely);
    await sql`INSERT INTO "verification" ("id","identifier","value","expiresAt","createdAt","updatedAt")
      VALUES ('v1','state','x',${past},${past},${past}), ('v2','state','y','2999-01-01T00:00:00.000Z',${now},${now})`.execute(
      db.kysely,
    );
    await sql`INSERT INTO "activity" ("userId","kind","success","createdAt")
      VALUES (${userId},'sign-in',1,${old}), (${userId},'sign-in',1,${now})`.execute(db.kysely);
    const pending = (id: string, expiresAt: string) =>
      sql`INSERT INTO "pendingSignUp" ("id","email","name","passwordHash","codeHash","tries","redirectTo","expiresAt","createdAt")
        VALUES (${id},${`${id}@example.com`},'N','h','c',0,'/dashboard',${expiresAt},${now})`.execute(
        db.kysely,
      );
    await pending("expired", past);
    await pending("waiting", "2999-01-01T00:00:00.000Z");

    await deleteExpiredRows(db.kysely);

    const count = async (table: string) =>
      (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db.kysely)).rows[0]?.n;
    expect(await count("session")).toBe(1); // the sign-up's own session
    expect(await count("verification")).toBe(1); // 'v2'
    // A sign-up whose code expired is gone (its password hash with it); one still waiting stays.
    expect(await count("pendingSignUp")).toBe(1);
    // The sign-up's own entry, and the recent one.
    expect(await count("activity")).toBe(2);
    await db.close();
  });
});
