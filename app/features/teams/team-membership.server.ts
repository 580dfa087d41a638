/**
 * The one check every team-scoped request passes, whichever way it names
 * its team: the person's membership, read from the database at every call
 * (a removed member is refused at their next request, on every instance),
 * and their role against the action's rule. Teams' own forms name the team
 * their page manages (./team-action-kit.server.ts); a product's work in the
 * session's active team (./team-scoped-action.server.ts, ./team-scope.server.ts).
 */
import type { Kysely } from "kysely";
import { type Refusal, refused } from "~/server/action-kit.server";
import type { AuthSession } from "~/server/auth/auth.server";
import type { Database } from "../../../db/schema";
import * as m from "./messages";
import { roleAllowed, roleOf, type TeamRole, type TeamRule } from "./roles";

/** A team as one of its members sees it: its name, their role and their member row. */
export type Team = { id: string; name: string; myRole: TeamRole; myMemberId: string };

/**
 * A refusal kept in a constant, whose words are said each time it is read
 * (getters): a constant made at module load still answers each request in
 * its language. `fieldErrors`, when given, are worded the same way.
 */
export function refusalSaid(
  status: number,
  message: () => string,
  fieldErrors?: () => NonNullable<Refusal["fieldErrors"]>,
): Refusal {
  const refusal: Refusal = {
    ok: false,
    status,
    get message() {
      return message();
    },
  };
  if (fieldErrors) Object.defineProperty(refusal, "fieldErrors", { get: fieldErrors, enumerable: true });
  return refusal;
}

export const NOT_A_MEMBER = refusalSaid(404, m.notAMember);

export const isRefusal = (value: object): value is Refusal => "ok" in value && value.ok === false;

/** The team the session works in (better-auth's `session.activeOrganizationId`). */
export const activeOrganizationIdOf = (session: AuthSession["session"]) =>
  (session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;

/** The teams `userId` belongs to, each with their role and member row: the query, to narrow or run. */
const membershipsOf = (db: Kysely<Database>, userId: string) =>
  db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["organization.id", "organization.name", "member.id as memberId", "member.role"])
    .where("member.userId", "=", userId);

/** A membership row as a `Team`; a role this version does not know reads as a member's (./teams.server.ts). */
const asTeam = (row: { id: string; name: string; memberId: string; role: string }): Team => ({
  id: row.id,
  name: row.name,
  myRole: roleOf(row.role) ?? "member",
  myMemberId: row.memberId,
});

/**
 * The team `teamId` as its member `userId` sees it, if their role passes
 * `rule`; else the refusal: `404` outside the team (or no team), `403`
 * with the rule's words without the role.
 */
export async function teamOfMember(
  db: Kysely<Database>,
  userId: string,
  teamId: string | null,
  rule?: TeamRule,
): Promise<Team | Refusal> {
  if (!teamId) return NOT_A_MEMBER;
  const mine = await membershipsOf(db, userId).where("member.organizationId", "=", teamId).executeTakeFirst();
  if (!mine) return NOT_A_MEMBER;
  const team = asTeam(mine);
  if (rule && !roleAllowed(rule.roles, team.myRole)) return refused(403, rule.refusal);
  return team;
}

/** Every team `userId` belongs to, by name: what reads across their teams (the data export) starts here. */
export async function teamsOfMember(db: Kysely<Database>, userId: string): Promise<Team[]> {
  const rows = await membershipsOf(db, userId)
    .orderBy("organization.name")
    .orderBy("organization.id")
    .execute();
  return rows.map(asTeam);
}
