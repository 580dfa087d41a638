import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { authWithOneAccount, browserHeaders } from "../../tests/fixtures/auth-in-memory";
import { readSession } from "./session.server";
import { readSessionDirectly, verifiedToken } from "./session-fast-path.server";

/** The session cookie's value as the browser sends it back (URL-decoded). */
function cookieValue(headers: Headers): string {
  return decodeURIComponent((headers.get("cookie") ?? "").split("=").slice(1).join("="));
}

describe("readSessionDirectly", () => {
  it("reads what better-auth's getSession reads, for a fresh sign-in", async () => {
    const { auth, headers, userId } = await authWithOneAccount();
    const direct = await readSessionDirectly(auth, headers);
    const viaBetterAuth = await auth.api.getSession({ headers });
    expect(direct?.user.id).toBe(userId);
    expect(direct?.session.id).toBe(viaBetterAuth?.session.id);
    expect(direct?.user.email).toBe(viaBetterAuth?.user.email);
    expect(new Date(direct?.session.createdAt ?? 0).getTime()).toBe(
      new Date(viaBetterAuth?.session.createdAt ?? 1).getTime(),
    );
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
    expect(await readSessionDirectly(auth, tampered)).toBeUndefined();
    expect((await readSession(auth, tampered)).session).toBeNull();

    await sql`delete from session`.execute(db.kysely);
    expect(await readSessionDirectly(auth, headers)).toBeUndefined();
    expect((await readSession(auth, headers)).session).toBeNull();
  });

  it("leaves a session due to slide its expiry to better-auth, which refreshes the cookie", async () => {
    const { auth, db, headers } = await authWithOneAccount();
    const { sessionConfig } = await auth.$context;
    // Two days into a seven-day session: past the one-day refresh age.
    const expiresAt = new Date(Date.now() + (sessionConfig.expiresIn - 2 * 86_400) * 1000);
    await sql`update session set expiresAt = ${expiresAt.toISOString()}`.execute(db.kysely);
    expect(await readSessionDirectly(auth, headers)).toBeUndefined();
    const { session, setCookie } = await readSession(auth, headers);
    expect(session).not.toBeNull();
    expect(setCookie.join()).toMatch(/session_token=/);
  });

  it("leaves an expired session to better-auth, which deletes it", async () => {
    const { auth, db, headers } = await authWithOneAccount();
    await sql`update session set expiresAt = ${new Date(Date.now() - 1000).toISOString()}`.execute(db.kysely);
    expect(await readSessionDirectly(auth, headers)).toBeUndefined();
    expect((await readSession(auth, headers)).session).toBeNull();
  });
});
