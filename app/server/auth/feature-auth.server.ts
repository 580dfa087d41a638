import type { BetterAuthPlugin } from "better-auth";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { serverFeatures } from "~/features/server.server";
import type { Database } from "../../../db/schema";
import type { AuthSetup } from "./auth.server";

/**
 * What the features add to signing in, read here and nowhere else: their
 * better-auth plugins (`ServerFeature.authPlugins`), what the core's rules
 * must know of those plugins' endpoints (`authEndpoints`), the ways in they
 * count (`waysIn`) and what they take away when a mailbox is first proven
 * (`onMailboxClaimed`).
 */

/** What a call through an open door counts against: `ip` an attempt per client IP, `challenge` a stored challenge per client IP, null none (it needs a session). */
export type AuthDoorLimit = "ip" | "challenge" | null;

/** One better-auth endpoint of a feature's plugin, as the core's rules see it. */
export type AuthEndpoint = {
  /** The path under `/api/auth`, exactly as better-auth routes it. */
  path: string;
  /** Open over HTTP, because the browser calls it itself (server/auth-api.ts): its method and limit. */
  door?: { method: "GET" | "POST"; limit: AuthDoorLimit };
  /** The rules of its JSON body and of its query string: a `400` with the rule's message before better-auth reads them. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** Its `5xx` answer to unreadable input, said as a `400` with this message and code. */
  unreadable?: { message: string; code: string };
  /**
   * It signs in: the method its entries record ("passkey"), that method in
   * a sentence ("a passkey"), and whose account a failed attempt was on.
   */
  signIn?: {
    method: string;
    name: string;
    ownerOf(db: Kysely<Database>, body: unknown): Promise<string | null>;
  };
  /**
   * Its success is an entry of this kind in the signed-in person's log;
   * with `notice`, it changes how the account signs in, and the owner is
   * mailed that sentence ("A passkey was added").
   */
  entry?: { kind: string; notice?: string };
  /** It adds a way in: it needs a sign-in from the last few minutes. */
  addsAWayIn?: boolean;
  /** It removes a way in: whether `body` names one of the person's own (then never their last). */
  removesAWayIn?(db: Kysely<Database>, userId: string, body: unknown): Promise<boolean>;
};

/** The features' better-auth plugins, in the registry's order. */
export function featureAuthPlugins(setup: AuthSetup): BetterAuthPlugin[] {
  return serverFeatures().flatMap((feature) => feature.authPlugins?.(setup) ?? []);
}

/** Every endpoint the features' plugins describe. */
export function featureEndpoints(): AuthEndpoint[] {
  return serverFeatures().flatMap((feature) => feature.authEndpoints ?? []);
}

/** The features' endpoint at `path`, if any. */
export function featureEndpoint(path: string | undefined): AuthEndpoint | undefined {
  return path ? featureEndpoints().find((endpoint) => endpoint.path === path) : undefined;
}

/** How many ways in the features give this person. */
export async function featureWaysIn(db: Kysely<Database>, userId: string): Promise<number> {
  const counts = await Promise.all(serverFeatures().map((feature) => feature.waysIn?.(db, userId) ?? 0));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Takes away, in `trx`, the ways in the features hold for an account whose mailbox was just proven: what they say of them. */
export async function claimFeatureWaysIn(trx: Kysely<Database>, userId: string): Promise<string[]> {
  const lines: string[] = [];
  for (const feature of serverFeatures())
    lines.push(...((await feature.onMailboxClaimed?.(trx, userId)) ?? []));
  return lines;
}
