/**
 * Where the core calls the hooks features fill in (`ServerFeature`,
 * ./features.server.ts): one small function per hook, so the rest of the
 * core asks these and never names a feature.
 */
import type { BetterAuthPlugin } from "better-auth";
import type { Kysely } from "kysely";
import { serverFeatures } from "~/features/server.server";
import type { Database } from "../../db/schema";
import type { AppServices } from "./context.server";
import type {
  AuthDoor,
  AuthEndpoint,
  AuthPluginSetup,
  FeatureAuthOptions,
  FeatureAuthSetup,
  FeatureSettings,
  ServerFeature,
  SignInStep,
} from "./features.server";

/** The features' better-auth plugins, in the registry's order. */
export function featureAuthPlugins(setup: AuthPluginSetup): BetterAuthPlugin[] {
  return serverFeatures().flatMap((feature) => feature.authPlugins?.(setup) ?? []);
}

/** Ends what each feature trusted for the account (`endStandingTrust`, signing out everywhere else). */
export async function endFeatureTrust(db: Kysely<Database>, userId: string): Promise<void> {
  for (const feature of serverFeatures()) await feature.onTrustEnded?.(db, userId);
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
  for (const feature of serverFeatures())
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
  for (const feature of serverFeatures())
    lines.push(...((await feature.onAccountRecovered?.(trx, userId, since)) ?? []));
  return lines;
}

/** The step after the first factor of a sign-in, when a listed feature adds one. */
export function signInStep(): SignInStep | undefined {
  return serverFeatures().find((feature) => feature.signInStep)?.signInStep;
}

/** Every endpoint the features' plugins describe (`ServerFeature.authEndpoints`). */
export function featureEndpoints(): AuthEndpoint[] {
  return serverFeatures().flatMap((feature) => feature.authEndpoints ?? []);
}

/** The features' endpoint at `path`, if any. */
export function featureEndpoint(path: string | undefined): AuthEndpoint | undefined {
  return path ? featureEndpoints().find((endpoint) => endpoint.path === path) : undefined;
}

/** How many ways in the features give this person (`ServerFeature.waysIn`). */
export async function featureWaysIn(db: Kysely<Database>, userId: string): Promise<number> {
  const counts = await Promise.all(serverFeatures().map((feature) => feature.waysIn?.(db, userId) ?? 0));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** The better-auth doors the listed features open by configuration (`authDoors`), for the edge's allowlist. */
export function featureAuthDoors(env: FeatureSettings): AuthDoor[] {
  return serverFeatures().flatMap((feature) => feature.authDoors?.(env) ?? []);
}

/** The origins the listed features' forms lead to (`formTargets`), for the CSP's `form-action`. */
export function featureFormTargets(env: FeatureSettings): string[] {
  return serverFeatures().flatMap((feature) => feature.formTargets?.(env) ?? []);
}

/** What the listed features add to better-auth (`ServerFeature.betterAuth`), gathered. */
export function featureAuthOptions(setup: FeatureAuthSetup) {
  const parts: FeatureAuthOptions[] = serverFeatures().flatMap(
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
 * names (`ServerFeature.signInAccounts`: the configured sign-in providers),
 * in the order they are shown.
 */
export function signInAccounts(env: FeatureSettings): { id: string; name: string }[] {
  return serverFeatures().flatMap((feature) => feature.signInAccounts?.(env) ?? []);
}

/** The `providerId`s of `signInAccounts`: an account at one of them is a way in. */
export function signInAccountIds(env: FeatureSettings): string[] {
  return signInAccounts(env).map((account) => account.id);
}

/** What the listed features show on `/login` (`signInPage.load`), by key; one that shows nothing is absent. */
export function signInPageOptions(services: AppServices, request: Request): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const feature of serverFeatures()) {
    const part = feature.signInPage;
    const shown = part?.load(services, request);
    if (part && shown !== null && shown !== undefined) options[part.key] = shown;
  }
  return options;
}

/** The feature's `/login` post this `intent` names (`signInPage.intent`), if any. */
export function signInPagePost(intent: string | undefined): ServerFeature["signInPage"] {
  return serverFeatures().find((feature) => intent && feature.signInPage?.intent === intent)?.signInPage;
}
