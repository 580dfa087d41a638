/**
 * Teams' limits: how many teams one account and one IP create, and how many
 * invitations leave a team, reach one mailbox, or go from one account to
 * addresses nobody has proven here. Past one: `429` with `Retry-After`.
 */
import { overLimit, type Refusal } from "~/server/action-kit.server";
import type { AppServices } from "~/server/context.server";
import { clientIpOf, type NamedLimit } from "~/server/limits/rate-limit.server";
import { provenAccountOf } from "./teams.server";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** Teams created by one account: 10 a day. */
export const TEAMS_PER_ACCOUNT: NamedLimit = { name: "teams-created", max: 10, windowSeconds: DAY };

/** Teams created from one client IP (IPv6 by its /64): 20 an hour, whichever accounts. */
export const TEAMS_PER_IP: NamedLimit = { name: "teams-created-ip", max: 20, windowSeconds: HOUR };

/** Invitations sent, new or again, from one team: 20 an hour. */
export const INVITATIONS_PER_TEAM: NamedLimit = { name: "team-invitations", max: 20, windowSeconds: HOUR };

/** Invitations sent to one mailbox (`mailboxOf`), from any team: 5 a day, so nobody's mailbox is flooded. */
export const INVITATIONS_PER_ADDRESS: NamedLimit = {
  name: "team-invitations-to",
  max: 5,
  windowSeconds: DAY,
};

/** Invitations one account sends, new or again, to addresses no account here has proven: 20 a day. */
export const INVITATIONS_TO_STRANGERS: NamedLimit = {
  name: "team-invitations-to-strangers",
  max: 20,
  windowSeconds: DAY,
};

/**
 * The mailbox an address reaches, as the per-address limit counts it:
 * lower-cased, and without a `+tag` in its local part, since most mail
 * services deliver `ada+1@` to `ada@`. Dots stay: only some services ignore them.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}

/** Counts limits in turn, stopping at the first that refuses (the later ones are not counted). */
async function firstRefusal(hits: (() => ReturnType<AppServices["rateLimits"]["hit"]>)[], what: string) {
  for (const hit of hits) {
    const refusal = overLimit(await hit(), what);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Counts an invitation (new or sent again) against the IP, the team's hour,
 * the mailbox's day and, to an address nobody here has proven, the
 * sender's day; the refusal when over one.
 */
export async function invitationLimit(
  services: AppServices,
  request: Request,
  invitation: { teamId: string; email: string; senderId: string },
): Promise<Refusal | null> {
  const { rateLimits } = services;
  const toStranger = !(await provenAccountOf(services.db, invitation.email));
  return firstRefusal(
    [
      () => rateLimits.ip(clientIpOf(request)),
      () => rateLimits.hit(INVITATIONS_PER_TEAM, invitation.teamId),
      () => rateLimits.hit(INVITATIONS_PER_ADDRESS, mailboxOf(invitation.email)),
      ...(toStranger ? [() => rateLimits.hit(INVITATIONS_TO_STRANGERS, invitation.senderId)] : []),
    ],
    "invitations",
  );
}
