/**
 * The action policy: what every state-changing action a signed-in person
 * can post states about itself, and the core enforces before the action
 * runs. An action cannot be made without one (`dashboardAction`, or
 * `declareAction` for a route's own action), and every policy made is kept
 * in one registry, so a test walks them all (action-policy.server.test.ts):
 * an action that changes who has access, who owns what, how the account
 * signs in, or deletes for good, needs a recent sign-in; one that changes
 * how the person signs in or what they own is refused while an
 * administrator is signed in as them. A module that forgets gets a failing
 * test, not a hole.
 */
import { overLimit, type Refusal } from "./action-kit.server";
import { hasPassword } from "./auth/account-deletion.server";
import type { AuthSession } from "./auth/auth.server";
import type { AppServices } from "./context.server";
import { clientIpOf, type NamedLimit, rateLimitKeyOf } from "./limits/rate-limit.server";
import * as m from "./messages";
import { isFreshSignIn, NEEDS_FRESH_SIGN_IN } from "./session/freshness.server";
import { isImpersonated } from "./session/impersonation.server";
import type { Words } from "./words.server";

/** What an action changes: the rules below hold each kind to its proof. */
export type ActionEffect =
  /** Only what the person chose for themself: their name, the team they work in, a passkey's label. */
  | "own"
  /** Shared data, without changing who may see it: a team's name, a new team of one's own. */
  | "shared"
  /** Ends sessions or trust: the owner's answer to a theft, so any session of theirs may do it. */
  | "protective"
  /** How the account signs in: its password, address, passkeys, providers, two-step sign-in. */
  | "sign-in"
  /** Gives or takes away someone's access: invitations, members, roles, leaving a team. */
  | "access"
  /** Moves who owns something. */
  | "ownership"
  /** Deletes what cannot come back: an account, a team and its data. */
  | "irreversible"
  /** Hands over everything the app keeps about the person. */
  | "reveals-data"
  /** Acts on other people's accounts (the admin console): only an administrator, never in someone's place. */
  | "administers";

/**
 * What the session must prove before the action runs:
 * - `session`: being signed in is enough;
 * - `recent-sign-in`: a sign-in from the last 5 minutes;
 * - `password`: the action checks the password itself (a field of its
 *   form); an account without one needs a recent sign-in instead;
 * - `mailed-link`: the action uses up a single-use link mailed to the
 *   account's verified address, bound to the state it was sent for.
 */
export type ActionProof = "session" | "recent-sign-in" | "password" | "mailed-link";

/** A limit counted before the action runs, per account or per client IP (IPv6 by /64). */
export type ActionLimit = { limit: NamedLimit; per: "account" | "ip"; what: Words };

export type ActionPolicy = {
  effect: ActionEffect;
  proof: ActionProof;
  /** Counted in order before the action runs; `[]` for none. Limits that depend on the form (a target address) stay in the action. */
  limits: readonly ActionLimit[];
  /** The activity kinds it writes (`recordActivity`), `[]` for none: each must be a kind the log can show. */
  activity: readonly string[];
  /** Whether it is refused (`403`, nothing changes) while an administrator is signed in as the person. */
  whileImpersonating: "allowed" | "refused";
};

/** A change to how the account signs in whose entry is written elsewhere (when the mailed link is followed, the ceremony ends): the usual proof. */
export const SIGN_IN_CHANGE: ActionPolicy = {
  effect: "sign-in",
  proof: "recent-sign-in",
  limits: [],
  activity: [],
  whileImpersonating: "refused",
};

/** The effects that need a recent sign-in (or the password): they give, take or move what an old session could abuse. */
export const EFFECTS_NEEDING_RECENT_PROOF: ReadonlySet<ActionEffect> = new Set([
  "sign-in",
  "access",
  "ownership",
  "irreversible",
]);

/** The effects refused while an administrator is signed in as the person (support sees, never takes over). */
export const EFFECTS_REFUSED_WHILE_IMPERSONATING: ReadonlySet<ActionEffect> = new Set([
  "sign-in",
  "protective",
  "ownership",
  "irreversible",
  "reveals-data",
  "administers",
]);

/** The refusal of what support may not do in someone's place (its message is said in the reader's language). */
export const REFUSED_WHILE_IMPERSONATING: Refusal = {
  ok: false,
  status: 403,
  get message() {
    return m.refusedWhileImpersonating();
  },
};

/** One declared action, as the registry keeps it. */
export type DeclaredAction = { name: string; policy: ActionPolicy };

const registry = new Map<string, DeclaredAction>();

/**
 * Records `name`'s policy in the registry and returns it: the page the
 * action is posted to and its intent (`/dashboard/teams invite`). A module
 * evaluated again (the dev server's reload) declares its actions again,
 * replacing the old entries.
 */
export function declareAction(name: string, policy: ActionPolicy): DeclaredAction {
  if (!policy?.effect || !policy.proof) throw new Error(`The action ${name} declares no policy.`);
  const declared = { name, policy };
  registry.set(name, declared);
  return declared;
}

/** Every action declared so far, in the order they were declared (the walk loads every module first). */
export function declaredActions(): readonly DeclaredAction[] {
  return [...registry.values()];
}

/**
 * What the policy asks before the action runs, in this order: no
 * administrator in the person's place where refused, the proof, then the
 * limits. A refusal to answer, or null to go on. The stale-session refusal
 * is the same for every action (`NEEDS_FRESH_SIGN_IN`): the pages offer
 * "Sign in again" on it.
 */
export async function enforcePolicy(
  declared: DeclaredAction,
  services: AppServices,
  request: Request,
  signedIn: AuthSession,
): Promise<Refusal | null> {
  const { policy } = declared;
  if (policy.whileImpersonating === "refused" && isImpersonated(signedIn.session))
    return REFUSED_WHILE_IMPERSONATING;
  if (!isFreshSignIn(signedIn.session)) {
    if (policy.proof === "recent-sign-in") return NEEDS_FRESH_SIGN_IN;
    if (policy.proof === "password" && !(await hasPassword(services.db, signedIn.user.id)))
      return NEEDS_FRESH_SIGN_IN;
  }
  for (const { limit, per, what } of policy.limits) {
    const key = per === "account" ? signedIn.user.id : rateLimitKeyOf(clientIpOf(request));
    const refusal = overLimit(await services.rateLimits.hit(limit, key), what);
    if (refusal) return refusal;
  }
  // Let through in the person's place: the admin console's trail records it. The registry is
  // imported here, not at the top: it imports the features' actions, whose kits import this
  // module, and a cycle of the three breaks whichever of them a test or a walk loads first.
  if (isImpersonated(signedIn.session)) {
    const { supportActionDone } = await import("./feature-hooks.server");
    await supportActionDone(services, { action: declared.name, signedIn, request });
  }
  return null;
}
