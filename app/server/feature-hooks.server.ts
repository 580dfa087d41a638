/**
 * Where the core calls the hooks features fill in (`ServerFeature`,
 * ./features.server.ts): one small function per hook, so the rest of the
 * core asks these and never names a feature.
 */
import type { BetterAuthPlugin } from "better-auth";
import type { Kysely } from "kysely";
import { serverFeatures } from "~/features/server.server";
import type { Database } from "../../db/schema";
import type { AuthEndpoint, AuthPluginSetup, SignInStep } from "./features.server";

/** The features' better-auth plugins, in the registry's order. */
export function featureAuthPlugins(setup: AuthPluginSetup): BetterAuthPlugin[] {
  return serverFeatures().flatMap((feature) => feature.authPlugins?.(setup) ?? []);
}

/** Ends what each feature trusted for the account (`endStandingTrust`, signing out everywhere else). */
export async function endFeatureTrust(db: Kysely<Database>, userId: string): Promise<void> {
  for (const feature of serverFeatures()) await feature.onTrustEnded?.(db, userId);
}

/** Removes the features' ways in of an account whose mailbox was just proven: what went, a line each. */
export async function removeFeatureWaysIn(trx: Kysely<Database>, userId: string): Promise<string[]> {
  const lines: string[] = [];
  for (const feature of serverFeatures())
    lines.push(...((await feature.onMailboxClaimed?.(trx, userId)) ?? []));
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
