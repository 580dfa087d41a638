/**
 * Invitations: the mailed link that carries one, and accepting or
 * declining it. The link is a bearer token (single use, a week, kept
 * hashed like every mailed link), tied to the state it was sent for: the
 * invitation it names, still waiting, still for the same address, its
 * sender still allowed to invite. Sending it again, or revoking it, voids
 * the links mailed before (and so does its sender losing the right:
 * ./member-changes.server.ts). Only a
 * signed-in account whose verified address is the invited one may accept:
 * anyone else who opens the link sees that it is not for them, and
 * nothing is used up.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import { isLocale } from "~/i18n/runtime";
import { attempt, done, type Outcome, refused } from "~/server/action-kit.server";
import type { AccountMail } from "~/server/auth/account-mail.server";
import { pluginApi } from "~/server/auth/plugin-api.server";
import type { AppServices } from "~/server/context.server";
import { signInRefusal } from "~/server/feature-hooks.server";
import type { Database } from "../../../db/schema";
import type { teamsPlugin } from "./access.server";
import { TEAM_INVITATION_SECONDS } from "./constants";
import { invitationMail } from "./mail-templates.server";
import * as m from "./messages";
import { roleOf, type TeamRole } from "./roles";
import { logTeamChange } from "./team-activity.server";
import { refusalSaid } from "./team-membership.server";
import { inviterMayInvite } from "./teams.server";

/** The mailed link's purpose: part of every stored token, never rename it. */
export const INVITATION_LINK = "team-invitation";

type InvitationRef = { id: string; email: string };

/** What a link's token stands for: the invitation, and the address it was sent to. */
const linkValue = ({ id, email }: InvitationRef) => JSON.stringify({ invitationId: id, email });

const linkShape = z.object({ invitationId: z.string(), email: z.string() });

/** Voids the links mailed for `invitation` so far (sent again, revoked, answered). */
export async function voidInvitationLinks(db: Kysely<Database>, invitation: InvitationRef) {
  await db.deleteFrom("verification").where("value", "=", linkValue(invitation)).execute();
}

/**
 * Whom the invitation goes to: the address alone (no name: its sender typed
 * it), in the language of the account that has proven it, if one has and
 * chose one; else in the language of the browser that sent it.
 */
async function inviteeRecipient(mail: AccountMail, db: Kysely<Database>, email: string) {
  const address = mail.toAddress(email);
  const account = await db
    .selectFrom("user")
    .select("locale")
    .where("email", "=", email)
    .where("emailVerified", "=", true)
    .executeTakeFirst();
  return isLocale(account?.locale) ? { ...address, locale: account.locale } : address;
}

/** Mails the invitation's link (the links mailed before for it stop working), in one transaction with its token. */
export async function mailInvitation(
  mail: AccountMail,
  invitation: InvitationRef & { team: string; role: TeamRole },
) {
  await mail.transaction(async (trx) => {
    await voidInvitationLinks(trx, invitation);
    const url = await mail.mailedLink(trx, INVITATION_LINK, linkValue(invitation), TEAM_INVITATION_SECONDS);
    const message = invitationMail(
      await inviteeRecipient(mail, trx, invitation.email),
      invitation,
      url,
      TEAM_INVITATION_SECONDS,
    );
    await mail.queue(trx, message, "team-invitation");
  });
}

/** A waiting invitation, as its page and its answers read it. */
export type WaitingInvitation = {
  id: string;
  email: string;
  role: TeamRole;
  teamId: string;
  team: string;
  inviterId: string;
};

/** The invitation `id` while it still waits (pending, unexpired, its sender still may invite); null otherwise. */
export async function waitingInvitation(db: Kysely<Database>, id: string): Promise<WaitingInvitation | null> {
  const row = await db
    .selectFrom("invitation")
    .innerJoin("organization", "organization.id", "invitation.organizationId")
    .select([
      "invitation.id",
      "invitation.email",
      "invitation.role",
      "invitation.organizationId",
      "invitation.inviterId",
      "organization.name",
    ])
    .where("invitation.id", "=", id)
    .where("invitation.status", "=", "pending")
    .where("invitation.expiresAt", ">", new Date())
    .executeTakeFirst();
  if (!row || !(await inviterMayInvite(db, row))) return null;
  return {
    id: row.id,
    email: row.email,
    role: roleOf(row.role) ?? "member",
    teamId: row.organizationId,
    team: row.name,
    inviterId: row.inviterId,
  };
}

/**
 * The invitation a link's token stands for, while the token is unused and
 * unexpired and the invitation still waits for the same address. Uses
 * nothing up.
 */
export async function invitationOfLink(
  { mail, db }: Pick<AppServices, "mail" | "db">,
  token: unknown,
): Promise<WaitingInvitation | null> {
  let value: unknown;
  try {
    value = JSON.parse((await mail.peek(INVITATION_LINK, token)) ?? "null");
  } catch {
    return null;
  }
  const parsed = linkShape.safeParse(value);
  if (!parsed.success) return null;
  const invitation = await waitingInvitation(db, parsed.data.invitationId);
  return invitation?.email === parsed.data.email ? invitation : null;
}

type Invitee = { id: string; email: string; emailVerified: boolean };

/** Whether `user` is the one the invitation waits for: the same address, proven. */
export const isInvitee = (user: Invitee, invitation: WaitingInvitation) =>
  user.emailVerified && user.email.toLowerCase() === invitation.email;

/**
 * Why the account of the invited address may not sign in now (a feature's
 * `signInRefusal`: a suspension), or null when it may or there is none.
 * Its invitation answers that refusal, and nothing is used up.
 */
export async function inviteeRefusal(db: Kysely<Database>, email: string): Promise<string | null> {
  const account = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return account ? signInRefusal(db, account.id) : null;
}

const teamApi = ({ auth }: AppServices) => pluginApi<typeof teamsPlugin>(auth);

const NOT_FOR_YOU = refusalSaid(403, m.invitationForAnotherAccount);
const GONE = refusalSaid(404, m.invitationGone);

/**
 * Accepts (`join`) or declines an invitation for the signed-in `user`,
 * through the plugin (which checks the address and its proof again), and
 * logs it for them and for the person who invited them. Its links stop
 * working. The team joined becomes the session's active team.
 */
export async function answerInvitation(
  services: AppServices,
  request: Request,
  user: Invitee & { name: string },
  invitation: WaitingInvitation,
  join: boolean,
): Promise<Outcome<{ message: string; teamId: string }>> {
  if (!isInvitee(user, invitation)) return NOT_FOR_YOU;
  const refusal = await signInRefusal(services.db, user.id);
  if (refusal) return refused(403, refusal);
  const body = { invitationId: invitation.id };
  const answered = await attempt(
    async () => {
      if (join) await teamApi(services).acceptInvitation({ body, headers: request.headers });
      else await teamApi(services).rejectInvitation({ body, headers: request.headers });
      return done("");
    },
    { INVITATION_NOT_FOUND: GONE, YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: NOT_FOR_YOU },
  );
  if (!answered.ok) return answered;
  await voidInvitationLinks(services.db, invitation);
  const team = invitation.team;
  if (join) {
    await logTeamChange(services.db, request, [
      { userId: user.id, kind: "team-joined", detail: team },
      {
        userId: invitation.inviterId,
        kind: "team-member-joined",
        detail: () => m.memberJoinedDetail({ email: user.email, team }),
      },
    ]);
  } else {
    await logTeamChange(services.db, request, [
      { userId: user.id, kind: "team-invitation-declined", detail: team },
    ]);
  }
  const message = join ? m.youJoined({ team }) : m.youDeclined({ team });
  return { ok: true, message, teamId: invitation.teamId };
}

/** The answer when an invitation no longer waits. */
export const INVITATION_GONE = GONE;
