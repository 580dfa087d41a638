/**
 * Where the core calls the hooks features fill in (`ServerFeature`,
 * ./features.server.ts, and its `auth`, ./auth/auth-extensions.ts): one small function per hook, so the rest of the
 * core asks these and never names a feature.
 */
import type { BetterAuthPlugin } from "better-auth";
import type { Kysely } from "kysely";
import { serverFeatures } from "~/features/server.server";
import type { Database } from "../../db/schema";
import type { AuthSession } from "./auth/auth.server";
import type {
  AuthDoor,
  AuthEndpoint,
  AuthExtensions,
  AuthPluginSetup,
  FeatureAuthOptions,
  FeatureAuthSetup,
  SignInStep,
} from "./auth/auth-extensions";
import type { AppServices } from "./context.server";
import type { FeatureSettings, ServerFeature } from "./features.server";
import { say } from "./words.server";

const extensionsOf = new WeakMap<readonly ServerFeature[], readonly AuthExtensions[]>();

/**
 * The listed features' sign-in extensions (`ServerFeature.auth`), in the
 * registry's order: worked out once, as the list is (some are asked on every request).
 */
function authExtensions(): readonly AuthExtensions[] {
  const features = serverFeatures();
  let extensions = extensionsOf.get(features);
  if (!extensions) {
    extensions = features.flatMap((feature) => (feature.auth ? [feature.auth] : []));
    extensionsOf.set(features, extensions);
  }
  return extensions;
}

/** The features' better-auth plugins, in the registry's order. */
export function featureAuthPlugins(setup: AuthPluginSetup): BetterAuthPlugin[] {
  return authExtensions().flatMap((feature) => feature.plugins?.(setup) ?? []);
}

/** Ends what each feature trusted for the account (`endStandingTrust`, signing out everywhere else). */
export async function endFeatureTrust(db: Kysely<Database>, userId: string): Promise<void> {
  for (const feature of authExtensions()) await feature.onTrustEnded?.(db, userId);
}

/** Why a feature will not let this account be deleted yet (the first one that says), or null. */
export async function accountDeletionRefusal(db: Kysely<Database>, userId: string): Promise<string | null> {
  for (const feature of serverFeatures()) {
    const refusal = await feature.accountDeletionRefusal?.(db, userId);
    if (refusal) return refusal;
  }
  return null;
}

/** Removes the features' ways in of an account whose mailbox was just proven: what went, a line each. */
export async function removeFeatureWaysIn(trx: Kysely<Database>, userId: string): Promise<string[]> {
  const lines: string[] = [];
  for (const feature of authExtensions())
    lines.push(...((await feature.onMailboxClaimed?.(trx, userId)) ?? []));
  return lines;
}

/** Removes the features' ways in added to a recovered account from `since` on: what went, a line each. */
export async function removeFeatureWaysInSince(
  trx: Kysely<Database>,
  userId: string,
  since: Date,
): Promise<string[]> {
  const lines: string[] = [];
  for (const feature of authExtensions())
    lines.push(...((await feature.onAccountRecovered?.(trx, userId, since)) ?? []));
  return lines;
}

/** The step after the first factor of a sign-in, when a listed feature adds one. */
export function signInStep(): SignInStep | undefined {
  return authExtensions().find((feature) => feature.signInStep)?.signInStep;
}

/** Every endpoint the features' plugins describe (`AuthExtensions.endpoints`). */
export function featureEndpoints(): AuthEndpoint[] {
  return authExtensions().flatMap((feature) => feature.endpoints ?? []);
}

/** The features' endpoint at `path`, if any. */
export function featureEndpoint(path: string | undefined): AuthEndpoint | undefined {
  return path ? featureEndpoints().find((endpoint) => endpoint.path === path) : undefined;
}

/** How many ways in the features give this person (`AuthExtensions.waysIn`). */
export async function featureWaysIn(db: Kysely<Database>, userId: string): Promise<number> {
  const counts = await Promise.all(authExtensions().map((feature) => feature.waysIn?.(db, userId) ?? 0));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** The better-auth doors the listed features open by configuration (`AuthExtensions.doors`), for the edge's allowlist. */
export function featureAuthDoors(env: FeatureSettings): AuthDoor[] {
  return authExtensions().flatMap((feature) => feature.doors?.(env) ?? []);
}

/** The origins the listed features' forms lead to (`formTargets`), for the CSP's `form-action`. */
export function featureFormTargets(env: FeatureSettings): string[] {
  return authExtensions().flatMap((feature) => feature.formTargets?.(env) ?? []);
}

/** What the listed features add to better-auth (`AuthExtensions.betterAuth`), gathered. */
export function featureAuthOptions(setup: FeatureAuthSetup) {
  const parts: FeatureAuthOptions[] = authExtensions().flatMap(
    (feature) => feature.betterAuth?.(setup) ?? [],
  );
  const merged = <Key extends keyof FeatureAuthOptions>(key: Key) =>
    Object.assign({}, ...parts.map((part) => part[key])) as NonNullable<FeatureAuthOptions[Key]>;
  return {
    plugins: parts.flatMap((part) => part.plugins ?? []),
    socialProviders: merged("socialProviders"),
    account: merged("account"),
    user: merged("user"),
    databaseHooks: merged("databaseHooks"),
    onAPIError: merged("onAPIError"),
  };
}

/**
 * The ways in the listed features add as better-auth accounts, with their
 * names (`AuthExtensions.signInAccounts`: the configured sign-in providers),
 * in the order they are shown.
 */
export function signInAccounts(env: FeatureSettings): { id: string; name: string }[] {
  return authExtensions().flatMap((feature) => feature.signInAccounts?.(env) ?? []);
}

/** The `providerId`s of `signInAccounts`: an account at one of them is a way in. */
export function signInAccountIds(env: FeatureSettings): string[] {
  return signInAccounts(env).map((account) => account.id);
}

/** What the listed features show on `/login` (`signInPage.load`), by key; one that shows nothing is absent. */
export function signInPageOptions(services: AppServices, request: Request): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const feature of authExtensions()) {
    const part = feature.signInPage;
    const shown = part?.load(services, request);
    if (part && shown !== null && shown !== undefined) options[part.key] = shown;
  }
  return options;
}

/** The feature's `/login` post this `intent` names (`signInPage.intent`), if any. */
export function signInPagePost(intent: string | undefined): AuthExtensions["signInPage"] {
  return authExtensions().find((feature) => intent && feature.signInPage?.intent === intent)?.signInPage;
}

/** The second factors the listed features offer: their names and the pages that set them up. */
export function secondFactorChoices(): { name: string; setUpPath: string }[] {
  return authExtensions().flatMap(({ secondFactor }) =>
    secondFactor ? [{ name: say(secondFactor.name), setUpPath: secondFactor.setUpPath }] : [],
  );
}

/** The second factors this account has, by name (`AuthExtensions.secondFactor`): none is `[]`. */
export async function secondFactorsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  return (await secondFactorsOfEach(db, [userId])).get(userId) ?? [];
}

/** The second factors each of these accounts has, by name, by account id (one query per factor): none is absent. */
export async function secondFactorsOfEach(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const all = new Map<string, string[]>();
  if (userIds.length === 0) return all;
  const factors = authExtensions().flatMap((feature) => (feature.secondFactor ? [feature.secondFactor] : []));
  const holders = await Promise.all(factors.map((factor) => factor.heldBy(db, userIds)));
  for (const userId of userIds) {
    const names = factors.filter((_, index) => holders[index]?.has(userId)).map((factor) => say(factor.name));
    if (names.length > 0) all.set(userId, names);
  }
  return all;
}

/** Why this account may not sign in now (the first feature that says), or null (`AuthExtensions.signInRefusal`). */
export async function signInRefusal(db: Kysely<Database>, userId: string): Promise<string | null> {
  for (const feature of authExtensions()) {
    const refusal = await feature.signInRefusal?.(db, userId);
    if (refusal) return refusal;
  }
  return null;
}

/** The session a feature set aside for this browser, when its own is gone (`AuthExtensions.restoreSession`). */
export async function restoredSession(
  services: Pick<AppServices, "auth" | "db">,
  headers: Headers,
): Promise<{ session: AuthSession; setCookie: string[] } | null> {
  for (const feature of authExtensions()) {
    const restored = await feature.restoreSession?.(services, headers);
    if (restored) return restored;
  }
  return null;
}

/** Tells the features of an action let through while an administrator is signed in as the person. */
export async function supportActionDone(
  services: AppServices,
  supported: { action: string; signedIn: AuthSession; request: Request },
): Promise<void> {
  for (const feature of authExtensions()) await feature.onSupportAction?.(services, supported);
}

/** What each of these accounts belongs to through the features (`AuthExtensions.membershipsOf`), by account id. */
export async function membershipsOf(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, { name: string; role: string }[]>> {
  const all = new Map<string, { name: string; role: string }[]>();
  for (const feature of authExtensions()) {
    for (const [userId, memberships] of (await feature.membershipsOf?.(db, userIds)) ?? []) {
      all.set(userId, [...(all.get(userId) ?? []), ...memberships]);
    }
  }
  return all;
}
