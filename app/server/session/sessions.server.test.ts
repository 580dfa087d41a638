import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import type { Database } from "../../../db/schema";
import { authWithOneAccount, browserHeaders } from "../../../tests/fixtures/auth-in-memory";
import { listRecentActivity } from "../auth/activity.server";
import { revokeOtherSessions, revokeSessionById } from "./sessions.server";

async function sessionIds(kysely: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await kysely.selectFrom("session").select("id").where("userId", "=", userId).execute();
  return rows.map((row) => row.id);
}

/** One person signed in from `count` browsers, and another person; `headers` is the first browser. */
async function setup(count: number) {
  const kit = await authWithOneAccount();
  for (let n = 1; n < count; n += 1) {
    await kit.auth.api.signInEmail({
      body: { email: kit.account.email, password: kit.account.password },
      headers: browserHeaders(),
    });
  }
  const current = await kit.auth.api.getSession({ headers: kit.headers });
  const other = await kit.auth.api.signUpEmail({
    body: { name: "Grace", email: "grace@example.com", password: "another password" },
    headers: browserHeaders(),
  });
  const otherSession = (await sessionIds(kit.db.kysely, other.user.id))[0] ?? "";
  return { ...kit, currentId: current?.session.id ?? "", otherUserId: other.user.id, otherSession };
}

describe("revoking sessions", () => {
  test("everywhere else: one statement ends every other session of this person, and is logged", async () => {
    const { db, userId, currentId, otherUserId, headers } = await setup(4);
    expect(await sessionIds(db.kysely, userId)).toHaveLength(4);
    const outcome = await revokeOtherSessions(db.kysely, headers, { userId, currentId });
    expect(outcome).toMatchObject({ ok: true, message: "Signed out everywhere else." });
    expect(await sessionIds(db.kysely, userId)).toEqual([currentId]);
    expect(await sessionIds(db.kysely, otherUserId)).toHaveLength(1);
    const [latest] = await listRecentActivity(db.kysely, userId, (method) => method);
    expect(latest).toMatchObject({
      kind: "other-sessions-revoked",
      browser: "Chrome on Linux",
      ip: "203.0.113.7",
    });
    await db.close();
  });

  test("one: by its id, only when it is this person's, never the current one", async () => {
    const { db, userId, currentId, otherSession, otherUserId, headers } = await setup(2);
    const [target] = (await sessionIds(db.kysely, userId)).filter((id) => id !== currentId);
    const revoke = (sessionId: string) =>
      revokeSessionById(db.kysely, headers, { userId, currentId, sessionId });
    expect(await revoke(currentId)).toMatchObject({ ok: false, status: 400 });
    expect(await revoke(otherSession)).toMatchObject({ ok: false, status: 404 });
    expect(await sessionIds(db.kysely, otherUserId)).toEqual([otherSession]);
    expect(await revoke(target ?? "")).toMatchObject({ ok: true, message: "Signed out Chrome on Linux." });
    expect(await sessionIds(db.kysely, userId)).toEqual([currentId]);
    expect(await revoke(target ?? "")).toMatchObject({ ok: false, status: 404 });
    const [latest] = await listRecentActivity(db.kysely, userId, (method) => method);
    expect(latest).toMatchObject({ kind: "session-revoked" });
    await db.close();
  });
});
