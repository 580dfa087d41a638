/**
 * Every change to a team's members (a role changed, someone removed or
 * leaving, ownership handed over or taken back) is one transaction that
 * first locks the team's row, then reads the members, then writes. Two
 * changes to one team never interleave, on SQLite (one writer) and on
 * PostgreSQL (the row lock) alike: the check that an owner remains is
 * made on what the other change left, so two owners leaving at once leave
 * one. In the same transaction, whoever loses the right to invite (removed,
 * gone, made a member) loses the invitations they sent and that still
 * wait: an invitation never outlives its sender's right.
 */
import type { Kysely } from "kysely";
import type { Refusal } from "~/server/action-kit.server";
import type { Database } from "../../../db/schema";
import { voidInvitationLinks } from "./invitations.server";
import * as m from "./messages";
import { may, roleOf, type TeamRole } from "./roles";
import { refusalSaid } from "./team-membership.server";

type Db = Kysely<Database>;

/** A member as a change reads them, inside its lock; with their language, for the mails the change sends. */
export type LockedMember = {
  id: string;
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  locale: string | null;
  role: TeamRole;
};

/** What a change does: members removed (by member id), roles given (by member id). */
export type MemberChanges = { remove?: string[]; roles?: Record<string, TeamRole> };

/** Decides the change from the members as they are now (inside the lock): the changes, or a refusal. */
export type ChangePlan = (members: LockedMember[]) => MemberChanges | Refusal;

export const NEEDS_AN_OWNER = refusalSaid(409, m.needsAnOwner);

const TEAM_GONE = refusalSaid(404, m.teamNoLongerExists);

const isRefusal = (value: MemberChanges | Refusal): value is Refusal => "ok" in value;

/** Takes the team row's write lock till the transaction ends: written to itself, the lock is the point. */
async function lockTeam(trx: Db, teamId: string) {
  const locked = await trx
    .updateTable("organization")
    .set((eb) => ({ name: eb.ref("name") }))
    .where("id", "=", teamId)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) === 1;
}

async function membersOf(trx: Db, teamId: string): Promise<LockedMember[]> {
  const rows = await trx
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select([
      "member.id",
      "member.userId",
      "member.role",
      "user.email",
      "user.name",
      "user.emailVerified",
      "user.locale",
    ])
    .where("member.organizationId", "=", teamId)
    .execute();
  return rows.map((row) => ({ ...row, role: roleOf(row.role) ?? "member" }));
}

/** Each member's role once `changes` are made; a removed member has none. */
function rolesAfter(members: LockedMember[], { remove = [], roles = {} }: MemberChanges) {
  return new Map(
    members
      .filter((member) => !remove.includes(member.id))
      .map((member) => [member.id, roles[member.id] ?? member.role]),
  );
}

/** Cancels the waiting invitations `inviterIds` sent from `teamId`, and voids their links. */
async function revokeInvitationsSentBy(trx: Db, teamId: string, inviterIds: string[]) {
  if (inviterIds.length === 0) return [];
  const revoked = await trx
    .updateTable("invitation")
    .set({ status: "canceled" })
    .where("organizationId", "=", teamId)
    .where("inviterId", "in", inviterIds)
    .where("status", "=", "pending")
    .returning(["id", "email"])
    .execute();
  for (const invitation of revoked) await voidInvitationLinks(trx, invitation);
  return revoked;
}

/**
 * Runs `plan` on `teamId`'s members under the team's lock, in `trx` (the
 * caller's transaction, so a mail can commit with the change), and makes
 * its changes unless they would leave the team without an owner (`409`).
 * Answers the members as they were, and the invitations revoked.
 */
export async function changeMembers(trx: Db, teamId: string, plan: ChangePlan) {
  if (!(await lockTeam(trx, teamId))) return TEAM_GONE;
  const members = await membersOf(trx, teamId);
  const changes = plan(members);
  if (isRefusal(changes)) return changes;
  const after = rolesAfter(members, changes);
  if (![...after.values()].includes("owner")) return NEEDS_AN_OWNER;
  const removed = members.filter((member) => !after.has(member.id));
  if (removed.length > 0) {
    const ids = removed.map((member) => member.id);
    await trx.deleteFrom("member").where("id", "in", ids).execute();
    // Their sessions no longer work in this team (the page would say so at their next request anyway).
    await trx
      .updateTable("session")
      .set({ activeOrganizationId: null })
      .where("activeOrganizationId", "=", teamId)
      .where(
        "userId",
        "in",
        removed.map((member) => member.userId),
      )
      .execute();
  }
  for (const [memberId, role] of Object.entries(changes.roles ?? {})) {
    if (after.has(memberId))
      await trx.updateTable("member").set({ role }).where("id", "=", memberId).execute();
  }
  const lostTheRight = members.filter(
    (member) => may(member.role, "invite") && !may(after.get(member.id) ?? null, "invite"),
  );
  const revoked = await revokeInvitationsSentBy(
    trx,
    teamId,
    lostTheRight.map((member) => member.userId),
  );
  return { ok: true as const, members, revoked };
}

/** `changeMembers` in a transaction of its own. */
export const changeMembersNow = (db: Db, teamId: string, plan: ChangePlan) =>
  db.transaction().execute((trx) => changeMembers(trx, teamId, plan));

/** A member among `members` by id, if any. */
export const memberById = (members: LockedMember[], id: string) => members.find((member) => member.id === id);
