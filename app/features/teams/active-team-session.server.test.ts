import { sql } from "kysely";
import { expect, it } from "vitest";
import { readSessionDirectly } from "~/server/session/fast-path.server";
import { authWithOneAccount } from "../../../tests/fixtures/auth-in-memory";
import { activeOrganizationIdOf } from "./team-membership.server";

it("the session's fast read carries the active team, as better-auth's getSession does", async () => {
  const { auth, db, headers } = await authWithOneAccount();
  await sql`update session set "activeOrganizationId" = 'team-1'`.execute(db.kysely);
  const direct = await readSessionDirectly({ auth, db: db.kysely }, headers);
  if (!direct) throw new Error("the fast path left the fresh session to better-auth");
  expect(activeOrganizationIdOf(direct.session)).toBe("team-1");
  expect(direct).toEqual(await auth.api.getSession({ headers }));
});
