/**
 * Taking ownership back: when an owner hands a team over (`Make owner`),
 * their mail carries a link that undoes it for a week. Like every mailed
 * link it is a bearer token (single use, kept hashed), and it acts only on
 * the state it was sent for: the same team, the previous owner still a
 * member below owner, the new owner still an owner. Any later transfer or
 * take-back in the team voids it. Only the previous owner, signed in, may
 * use it; anyone else who opens it is refused and nothing is used up.
 * Following it makes the previous owner owner again and gives the new
 * owner their role from before, under the team's lock (./member-changes.server.ts).
 */
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { Outcome } from "~/server/action-kit.server";
import type { AccountMail } from "~/server/auth/account-mail.server";
import type { AppServices } from "~/server/context.server";
import type { Database } from "../../../db/schema";
import { TEAM_TAKE_BACK_SECONDS, teamPath } from "./constants";
import { ownershipTakenBackMail } from "./mail-templates.server";
import { changeMembers, type LockedMember, memberById } from "./member-changes.server";
import * as m from "./messages";
import { TEAM_ROLES } from "./roles";
import { logTeamChange } from "./team-activity.server";
import { refusalSaid } from "./team-membership.server";

/** The mailed link's purpose: part of every stored token, never rename it. */
export const TAKE_BACK_LINK = "team-ownership-take-back";

const takeBackShape = z.object({
  teamId: z.string(),
  /** The previous owner's membership, and the new owner's with the role it had before. */
  from: z.string(),
  to: z.string(),
  toRole: z.enum(TEAM_ROLES),
});

/** What a take-back link stands for: the team, both memberships, and the new owner's previous role. */
export type TakeBack = z.infer<typeof takeBackShape>;

/** The link's stored value: it starts with its team, so a team's links are found without their tokens. */
const linkValue = ({ teamId, from, to, toRole }: TakeBack) => JSON.stringify({ teamId, from, to, toRole });

/** Voids every take-back link of `teamId` (its values start with the team: no other link's value does). */
async function voidTakeBackLinks(trx: Kysely<Database>, teamId: string) {
  const prefix = `${JSON.stringify({ teamId }).slice(0, -1)},`;
  await trx
    .deleteFrom("verification")
    .where(sql<boolean>`substr(${sql.ref("value")}, 1, ${sql.lit(prefix.length)}) = ${prefix}`)
    .execute();
}

/** A fresh take-back link (the team's earlier ones stop working), written through `trx` with the transfer. */
export async function takeBackLink(mail: AccountMail, trx: Kysely<Database>, takeBack: TakeBack) {
  await voidTakeBackLinks(trx, takeBack.teamId);
  return mail.mailedLink(trx, TAKE_BACK_LINK, linkValue(takeBack), TEAM_TAKE_BACK_SECONDS);
}

function takeBackOf(value: string | null): TakeBack | null {
  try {
    const parsed = takeBackShape.safeParse(JSON.parse(value ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether both memberships, as read, are still as the transfer left them. */
const stillApplies = (from: { role: string } | undefined, to: { role: string } | undefined) =>
  from !== undefined && to !== undefined && from.role !== "owner" && to.role === "owner";

/**
 * What an unused link's page shows while it applies: the team, whose
 * account may use it, the new owner and the role they go back to. Null when
 * the link is unknown, used, expired or no longer applies. Uses nothing up.
 */
export async function takeBackOfLink({ mail, db }: Pick<AppServices, "mail" | "db">, token: unknown) {
  const takeBack = takeBackOf(await mail.peek(TAKE_BACK_LINK, token));
  if (!takeBack) return null;
  const rows = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["member.id", "member.role", "member.userId", "user.email", "organization.name"])
    .where("member.organizationId", "=", takeBack.teamId)
    .where("member.id", "in", [takeBack.from, takeBack.to])
    .execute();
  const from = rows.find((row) => row.id === takeBack.from);
  const to = rows.find((row) => row.id === takeBack.to);
  if (!from || !to || !stillApplies(from, to)) return null;
  return { ...takeBack, team: from.name, userId: from.userId, newOwner: to.email };
}

const GONE = refusalSaid(400, m.linkNoLongerWorks);
export const NOT_YOURS = refusalSaid(403, m.linkForPreviousOwner);

/** The signed-in person, as their mail greets them: in the language they chose, if they did. */
type Person = { id: string; email: string; name: string; emailVerified: boolean; locale?: string | null };

/**
 * Follows a take-back link for the signed-in `user`: the previous owner
 * owns the team again, the new owner has their previous role, both are
 * mailed, and both logs say so. Anyone but the previous owner is refused
 * (`403`) and nothing is used up; a link that no longer applies is a `400`.
 */
export async function takeOwnershipBack(
  services: AppServices,
  request: Request,
  user: Person,
  token: unknown,
): Promise<Outcome<{ teamId: string; message: string }>> {
  const waiting = await takeBackOfLink(services, token);
  if (!waiting) return GONE;
  if (waiting.userId !== user.id) return NOT_YOURS;
  const takeBack = takeBackOf(await services.mail.consume(TAKE_BACK_LINK, token));
  if (!takeBack) return GONE;
  let newOwner: LockedMember | undefined;
  const changed = await services.mail.transaction(async (trx) => {
    const result = await changeMembers(trx, takeBack.teamId, (members) => {
      const from = memberById(members, takeBack.from);
      newOwner = memberById(members, takeBack.to);
      if (from?.userId !== user.id || !stillApplies(from, newOwner)) return GONE;
      return { roles: { [takeBack.from]: "owner", [takeBack.to]: takeBack.toRole } };
    });
    if (!result.ok || !newOwner) return result;
    await voidTakeBackLinks(trx, takeBack.teamId);
    const facts = { team: waiting.team, owner: user.email };
    const url = `${services.env.APP_URL}${teamPath(takeBack.teamId)}`;
    // The one who took it back reads their page's language; the other owner their own.
    for (const recipient of [services.mail.recipient(user), services.mail.otherRecipient(newOwner)]) {
      const message = ownershipTakenBackMail(recipient, facts, url);
      await services.mail.queue(trx, message, "team-ownership-taken-back");
    }
    return result;
  });
  if (!changed.ok || !newOwner) return changed.ok ? GONE : changed;
  await logTeamChange(services.db, request, [
    { userId: user.id, kind: "team-ownership-taken-back", detail: waiting.team },
    {
      userId: newOwner.userId,
      kind: "team-ownership-lost",
      detail: () => m.ownershipToDetail({ team: waiting.team, email: user.email }),
    },
  ]);
  return { ok: true, teamId: takeBack.teamId, message: m.youOwnAgain({ team: waiting.team }) };
}
