/**
 * What every admin form shares (./admin-actions.server.ts lists them): its
 * policy (an administrator acting on someone else's account, 60 actions a
 * minute, never in someone's place), the account it is about (the `userId`
 * field, read fresh from the database), and the rules every action keeps.
 * The page's action asks `requireConsole` first: for anyone else, no admin
 * action exists (`404`).
 */
import { z } from "zod";
import { refused } from "~/server/action-kit.server";
import type { ActionLimit, ActionPolicy } from "~/server/action-policy.server";
import type { AppServices } from "~/server/context.server";
import type { NamedLimit } from "~/server/limits/rate-limit.server";
import {
  administratorFacts,
  adminSettingsOf,
  isAdministrator,
  isListedAdministrator,
} from "./administrators.server";
import { REASON_MAX_LENGTH } from "./constants";

/** Every admin action, per administrator: 60 a minute. */
export const ADMIN_ACTIONS_PER_MINUTE: NamedLimit = { name: "admin-actions", max: 60, windowSeconds: 60 };

const PER_ADMINISTRATOR: ActionLimit = {
  limit: ADMIN_ACTIONS_PER_MINUTE,
  per: "account",
  what: "admin actions",
};

/** The policy of an admin action; `activity`: the kinds it writes in the person's log. */
export function adminPolicy(
  more: { activity?: readonly string[]; limits?: readonly ActionLimit[]; proof?: ActionPolicy["proof"] } = {},
): ActionPolicy {
  return {
    effect: "administers",
    proof: more.proof ?? "session",
    limits: [PER_ADMINISTRATOR, ...(more.limits ?? [])],
    activity: more.activity ?? [],
    whileImpersonating: "refused",
  };
}

/** The account a form is about (its `userId`). */
export const accountId = z.string({ error: "Reload the page and try again." }).min(1).max(100);

/** A reason an administrator types: required, kept in the trail. */
export const reason = z
  .string({ error: "Say why." })
  .trim()
  .min(1, "Say why.")
  .max(REASON_MAX_LENGTH, `At most ${REASON_MAX_LENGTH} characters.`);

export const ACCOUNT_GONE = refused(404, "This account no longer exists.");

/** The account an admin action is about, as the rules read it now, with whether it is an administrator. */
export async function targetAccount({ db, env }: AppServices, userId: string) {
  const facts = await administratorFacts(db, userId);
  if (!facts) return null;
  const settings = adminSettingsOf(env);
  return {
    ...facts,
    isAdmin: isAdministrator(settings, facts),
    listed: isListedAdministrator(settings, facts),
  };
}
