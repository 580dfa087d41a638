import type { Refusal } from "~/server/action-kit.server";
import type { ActionLimit, ActionPolicy } from "~/server/action-policy.server";
import type { AppServices } from "~/server/context.server";
import type { NamedLimit } from "~/server/limits/rate-limit.server";
import {
  administratorFacts,
  adminSettingsOf,
  isAdministrator,
  isListedAdministrator,
} from "./administrators.server";
import * as m from "./messages";

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

/** A refusal kept in a constant: its message is said when it is read, in the reader's language. */
export function refusal(status: number, message: () => string): Refusal {
  return {
    ok: false,
    status,
    get message() {
      return message();
    },
  };
}

export const ACCOUNT_GONE = refusal(404, m.accountGone);

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
