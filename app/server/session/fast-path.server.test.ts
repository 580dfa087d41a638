import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { authWithOneAccount, browserHeaders } from "../../../tests/fixtures/auth-in-memory";
import { readSessionDirectly, verifiedToken } from "./fast-path.server";
import { readSession } from "./session.server";

/** The session cookie's value as the browser sends it back (URL-decoded). */
function cookieValue(headers: Headers): string {
  return decodeURIComponent((headers.get("cookie") ?? "").split("=").slice(1).join("="));
}

describe("readSessionDirectly", () => {
  it("reads what better-auth's getSession reads, for a fresh sign-in", async () => {
    const { auth, db, headers, userId } = await authWithOneAccount();
    const direct = await readSessionDirectly({ auth, db: db.kysely }, headers);
    const viaBetterAuth = await auth.api.getSession({ headers });
    expect(direct?.user.id).toBe(userId);
    // Field for field, with better-auth's types: dates as Date, emailVerified a boolean.
    expect(direct).toEqual(viaBetterAuth);
  });

  it("verifies better-auth's own signature, and nothing else", async () => {
    const { auth, headers } = await authWithOneAccount();
    const { secret } = await auth.$context;
    const value = cookieValue(headers);
    const token = value.slice(0, value.lastIndexOf("."));
    expect(verifiedToken(value, secret)).toBe(token);
    expect(verifiedToken(value, "another secret of the same length!!!!!!!!!!")).toBeNull();
    expect(verifiedToken(`x${value}`, secret)).toBeNull();
    expect(verifiedToken(value.slice(0, -2), secret)).toBeNull();
    expect(verifiedToken(token, secret)).toBeNull();
  });

  it("leaves a tampered, unknown or revoked cookie to better-auth, which signs it out", async () => {
    const { auth, db, headers } = await authWithOneAccount();
    const tampered = browserHeaders({ cookie: `${headers.get("cookie")}x` });
    expect(await readSessionDirectly({ auth, db: db.kysely }, tampered)).toBeUndefined();
    expect((await readSession({ auth, db: db.kysely }, tampered)).session).toBeNull();

    await sql`delete from session`.execute(db.kysely);
    expect(await readSessionDirectly({ auth, db: db.kysely }, headers)).toBeUndefined();
    expect((await readSession({ auth, db: db.kysely }, headers)).session).toBeNull();
  });

  it("leaves a session due to slide its expiry to better-auth, which refreshes the cookie", async () => {
    const { auth, db, headers } = await authWithOneAccount();
    const { sessionConfig } = await auth.$context;
    // Two days into a seven-day session: past the one-day refresh age.
    const expiresAt = new Date(Date.now() + (sessionConfig.expiresIn - 2 * 86_400) * 1000);
    await sql`update session set expiresAt = ${expiresAt.toISOString()}`.execute(db.kysely);
    expect(await readSessionDirectly({ auth, db: db.kysely }, headers)).toBeUndefined();
    const { session, setCookie } = await readSession({ auth, db: db.kysely }, headers);
    expect(session).not.toBeNull();
    expect(setCookie.join()).toMatch(/session_token=/);
  });

  it("leaves an expired session to better-auth, which deletes it", async () => {
    const { auth, db, headers } = await authWithOneAccount();
    await sql`update session set expiresAt = ${new Date(Date.now() - 1000).toISOString()}`.execute(db.kysely);
    expect(await readSessionDirectly({ auth, db: db.kysely }, headers)).toBeUndefined();
    expect((await readSession({ auth, db: db.kysely }, headers)).session).toBeNull();
  });
});
