/**
 * What the teams' pages read, straight from the tables, and always through
 * the reader's own membership: a person sees a team only while they
 * belong to it, checked at every request (a removed member loses the team
 * at their next page, on every instance; nothing is cached).
 */
import type { Kysely } from "kysely";
import { locale } from "~/i18n/runtime";
import { shownOrNull } from "~/lib/shown-text";
import { compiledQuery } from "~/server/db/compiled-query.server";
import type { Database } from "../../../db/schema";
import * as m from "./messages";
import { roleOf, TEAM_RIGHTS, type TeamRole } from "./roles";
import type { InvitationForMe, InvitationSent, TeamDetails, TeamSummary, TeamsData } from "./teams";

type Db = Kysely<Database>;

/** A role as stored, as one of ours (a role this version does not know reads as a member's). */
const asRole = (value: string | null): TeamRole => roleOf(value) ?? "member";

/** The person's membership of `teamId`: their member row's id and role; null when they do not belong. */
export async function membershipOf(db: Db, userId: string, teamId: string) {
  const row = await db
    .selectFrom("member")
    .select(["id", "role"])
    .where("userId", "=", userId)
    .where("organizationId", "=", teamId)
    .executeTakeFirst();
  return row ? { memberId: row.id, role: asRole(row.role) } : null;
}

/** The account that has proven `email` (lower-cased), if any: an invitation to anyone else goes to a stranger. */
export async function provenAccountOf(db: Db, email: string) {
  return db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .where("emailVerified", "=", true)
    .executeTakeFirst();
}

/**
 * Whether the person who sent an invitation may still invite in its team:
 * an invitation never outlives its sender's right (their waiting
 * invitations are revoked when they lose it; this is checked again at every answer).
 */
export async function inviterMayInvite(
  db: Db,
  { organizationId, inviterId }: { organizationId: string; inviterId: string },
): Promise<boolean> {
  const sender = await db
    .selectFrom("member")
    .select("id")
    .where("organizationId", "=", organizationId)
    .where("userId", "=", inviterId)
    .where("role", "in", [...TEAM_RIGHTS.invite])
    .executeTakeFirst();
  return sender !== undefined;
}

/** The session's active team, while its person still belongs to it; null otherwise. */
export async function activeTeamOf(
  db: Db,
  { userId, activeOrganizationId }: { userId: string; activeOrganizationId?: string | null },
) {
  if (!activeOrganizationId) return null;
  const membership = await membershipOf(db, userId, activeOrganizationId);
  return membership ? { teamId: activeOrganizationId, ...membership } : null;
}

const teamRowsOf = compiledQuery((db, userId: string) =>
  db
    .selectFrom("member as mine")
    .innerJoin("organization", "organization.id", "mine.organizationId")
    .select((eb) => [
      "organization.id",
      "organization.name",
      "mine.role",
      "mine.createdAt",
      eb
        .selectFrom("member")
        .select(eb.fn.countAll<number>().as("count"))
        .whereRef("member.organizationId", "=", "organization.id")
        .as("members"),
    ])
    .where("mine.userId", "=", userId)
    .orderBy("organization.name")
    .orderBy("organization.id"),
);

const invitationRowsFor = compiledQuery((db, email: string, now: Date) =>
  db
    .selectFrom("invitation")
    .innerJoin("organization", "organization.id", "invitation.organizationId")
    .select(["invitation.id", "organization.name", "invitation.role", "invitation.expiresAt"])
    .where("invitation.email", "=", email)
    .where("invitation.status", "=", "pending")
    .where("invitation.expiresAt", ">", now)
    .orderBy("invitation.createdAt", "desc"),
);

const invitationRowsSentBy = compiledQuery((db, userId: string) =>
  db
    .selectFrom("invitation")
    .innerJoin("organization", "organization.id", "invitation.organizationId")
    .select([
      "organization.name",
      "invitation.email",
      "invitation.role",
      "invitation.status",
      "invitation.createdAt",
    ])
    .where("invitation.inviterId", "=", userId)
    .orderBy("invitation.createdAt", "desc"),
);

/** The teams the person belongs to, by name. */
export async function teamsOf(db: Db, userId: string, activeTeamId: string | null): Promise<TeamSummary[]> {
  const rows = await teamRowsOf(db, userId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: asRole(row.role),
    members: Number(row.members ?? 0),
    active: row.id === activeTeamId,
    joinedAt: row.createdAt.toISOString(),
  }));
}

/** Invitations waiting for `email`, shown only once the address is proven (only its owner may accept them). */
export async function invitationsFor(
  db: Db,
  { email, emailVerified }: { email: string; emailVerified: boolean },
): Promise<InvitationForMe[]> {
  if (!emailVerified) return [];
  const rows = await invitationRowsFor(db, email.toLowerCase(), new Date());
  return rows.map((row) => ({
    id: row.id,
    team: row.name,
    role: asRole(row.role),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** The invitations the person sent, newest first (the data export). */
export async function invitationsSentBy(db: Db, userId: string): Promise<InvitationSent[]> {
  const rows = await invitationRowsSentBy(db, userId);
  return rows.map((row) => ({
    team: row.name,
    email: row.email,
    role: asRole(row.role),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The dashboard's teams card and the teams page; with `invitationsSent`, the data export's too. */
export async function teamsData(
  db: Db,
  user: { id: string; email: string; emailVerified: boolean },
  activeOrganizationId: string | null | undefined,
  { withInvitationsSent = false } = {},
): Promise<TeamsData> {
  const active = await activeTeamOf(db, { userId: user.id, activeOrganizationId });
  return {
    teams: await teamsOf(db, user.id, active?.teamId ?? null),
    invitationsForMe: await invitationsFor(db, user),
    ...(withInvitationsSent ? { invitationsSent: await invitationsSentBy(db, user.id) } : {}),
  };
}

/** A team's page, for one of its members; null when `userId` does not belong to it (or it is gone). */
export async function teamDetails(
  db: Db,
  userId: string,
  teamId: string,
  activeOrganizationId: string | null | undefined,
): Promise<TeamDetails | null> {
  const mine = await membershipOf(db, userId, teamId);
  const team = mine
    ? await db.selectFrom("organization").select(["id", "name"]).where("id", "=", teamId).executeTakeFirst()
    : undefined;
  if (!mine || !team) return null;
  const members = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(["member.id", "user.name", "user.email", "member.role", "member.createdAt"])
    .where("member.organizationId", "=", teamId)
    .orderBy("member.createdAt")
    .orderBy("member.id")
    .execute();
  const invitations = await db
    .selectFrom("invitation")
    .innerJoin("user as inviter", "inviter.id", "invitation.inviterId")
    .select([
      "invitation.id",
      "invitation.email",
      "invitation.role",
      "invitation.expiresAt",
      "inviter.name as inviterName",
      "inviter.email as inviterEmail",
    ])
    .where("invitation.organizationId", "=", teamId)
    .where("invitation.status", "=", "pending")
    .where("invitation.expiresAt", ">", new Date())
    .orderBy("invitation.createdAt", "desc")
    .execute();
  const roles = members.map((member) => asRole(member.role));
  return {
    id: team.id,
    name: team.name,
    active: activeOrganizationId === team.id,
    myRole: mine.role,
    myMemberId: mine.memberId,
    owners: roles.filter((role) => role === "owner").length,
    members: members.map((member, index) => ({
      id: member.id,
      // A name others read, so only one the rule of shown text keeps (one set before it existed may not).
      name: shownOrNull(member.name),
      email: member.email,
      role: roles[index] ?? "member",
      since: member.createdAt.toISOString(),
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: asRole(invitation.role),
      expiresAt: invitation.expiresAt.toISOString(),
      invitedBy: { name: shownOrNull(invitation.inviterName), email: invitation.inviterEmail },
    })),
  };
}

/** A team's owners, as mails greet them, each in their own language. */
export async function ownersOf(db: Db, teamId: string) {
  return db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(["user.id", "user.email", "user.name", "user.emailVerified", "user.locale"])
    .where("member.organizationId", "=", teamId)
    .where("member.role", "=", "owner")
    .execute();
}

/**
 * Why this person may not delete their account yet: they are the only
 * owner of a team that has other members. Null when nothing stands in the
 * way (teams where they are alone go with the account).
 */
export async function soleOwnerRefusal(db: Db, userId: string): Promise<string | null> {
  const owned = await db
    .selectFrom("member as mine")
    .innerJoin("organization", "organization.id", "mine.organizationId")
    .select((eb) => [
      "organization.name",
      eb
        .selectFrom("member")
        .select(eb.fn.countAll<number>().as("count"))
        .whereRef("member.organizationId", "=", "organization.id")
        .as("members"),
      eb
        .selectFrom("member")
        .select(eb.fn.countAll<number>().as("count"))
        .whereRef("member.organizationId", "=", "organization.id")
        .where("member.role", "=", "owner")
        .as("owners"),
    ])
    .where("mine.userId", "=", userId)
    .where("mine.role", "=", "owner")
    .orderBy("organization.name")
    .execute();
  const blocking = owned.filter((team) => Number(team.owners) === 1 && Number(team.members) > 1);
  if (blocking.length === 0) return null;
  // "“Acme”, “Apex”" in English: each name quoted, the list as the language writes one.
  const names = new Intl.ListFormat(locale(), { type: "unit", style: "short" }).format(
    blocking.map((team) => m.quotedTeam({ team: team.name })),
  );
  return m.soleOwnerRefusal({ teams: names, count: blocking.length });
}

/** Deletes the teams nobody belongs to any more (their last member's account was deleted). */
export async function deleteTeamsWithoutMembers(db: Db): Promise<void> {
  await db
    .deleteFrom("organization")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("member")
            .select("member.id")
            .whereRef("member.organizationId", "=", "organization.id"),
        ),
      ),
    )
    .execute();
}
