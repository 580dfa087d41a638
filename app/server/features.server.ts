import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import type { Migration } from "kysely/migration";
import type { z } from "zod";
import { serverFeatures } from "~/features/server.server";
import type { Refusal } from "./action-kit.server";
import type { AuthSession } from "./auth/auth.server";
import type { AppServices } from "./context.server";
import type { DashboardAction } from "./dashboard/dashboard-action.server";
import type { Env } from "./env.server";

/**
 * What a feature (app/features/<name>/feature.server.ts) adds to the server,
 * read by the core through app/features/server.server.ts.
 */
export type ServerFeature = {
  /**
   * Its migrations, by name. Names share one sequence with the core's
   * (db/migrations/index.ts): take the next free number. A removed feature's
   * migrations stay recorded and its tables stay; see `migrateToLatest`.
   */
  migrations?: Record<string, Migration>;
  /**
   * What its dashboard section shows, read with the rest of the page into
   * `DashboardData.features[key]`; "Download my data" includes it under the
   * same key. `request` is the dashboard's (its query string); the data
   * export reads without one.
   */
  dashboard?: {
    key: string;
    load(services: AppServices, signedIn: AuthSession, request?: Request): Promise<unknown>;
  };
  /** Its dashboard forms, one module each (`dashboardAction`). */
  actions?: readonly DashboardAction[];
  /**
   * Its configuration: `variables` are checked with the core's at start (a
   * bad value stops the start with one line naming it), `check` adds rules
   * across them, and `read` turns the checked values into its settings,
   * kept in the parsed environment as `env[key]`.
   */
  config?: {
    key: string;
    variables: Record<string, z.ZodType>;
    check?(env: Record<string, unknown>): { variable: string; message: string }[];
    read(env: Record<string, unknown>): unknown;
  };
  /** What it adds to better-auth (`createAuth`): plugins, and options merged into the core's. */
  betterAuth?(setup: FeatureAuthSetup): FeatureAuthOptions;
  /**
   * The ways in it adds as better-auth accounts (`account.providerId`), with
   * the names people read: counted by the rule that keeps one way in, named
   * in Recent activity, in mails and in the Unlink answers.
   */
  signInAccounts?(env: FeatureSettings): { id: string; name: string }[];
  /** Origins its forms lead to (a post answered with a redirect there): the CSP's `form-action` allows them. */
  formTargets?(env: FeatureSettings): string[];
  /** better-auth endpoints it opens over HTTP (`/api/auth/...`), added to the edge's allowlist. */
  authDoors?(env: FeatureSettings): AuthDoor[];
  /**
   * Its part of the sign-in page (`/login`): what `FeatureUi.SignInOptions`
   * shows (`load`; null shows nothing), and the form posts to `/login`
   * whose `intent` it names (`post`: it throws its redirect, or answers a
   * refusal the page shows above the email form).
   */
  signInPage?: {
    key: string;
    load(services: AppServices, request: Request): unknown;
    intent: string;
    post(services: AppServices, request: Request): Promise<Refusal>;
  };
};

/** What a feature's better-auth part is built from. */
export type FeatureAuthSetup = {
  env: Pick<Env, "APP_URL" | "APP_NAME" | "isHttps"> & FeatureSettings;
  /** Where its warnings go (the app's JSON log). */
  warn: (message: string) => void;
};

/** A feature's additions to better-auth: its plugins, and options the core's do not set. */
export type FeatureAuthOptions = {
  plugins?: BetterAuthPlugin[];
  socialProviders?: BetterAuthOptions["socialProviders"];
  account?: BetterAuthOptions["account"];
  user?: BetterAuthOptions["user"];
  databaseHooks?: BetterAuthOptions["databaseHooks"];
  onAPIError?: BetterAuthOptions["onAPIError"];
};

/** The features' settings in the parsed environment, by the key each `config` names. */
export type FeatureSettings = { readonly [key: string]: unknown };

/** A better-auth endpoint the browser calls itself, and the limit it counts against. */
export type AuthDoor = {
  method: "GET" | "POST";
  /** The path under `/api/auth`, exactly as better-auth routes it. */
  path: string;
  /** `ip`: an attempt per client IP; `challenge`: a passkey challenge per client IP; null: needs a session. */
  limit: "ip" | "challenge" | null;
};

/** The better-auth doors the listed features open (`authDoors`), for the edge's allowlist. */
export function featureAuthDoors(env: FeatureSettings): AuthDoor[] {
  return serverFeatures().flatMap((feature) => feature.authDoors?.(env) ?? []);
}

/** The origins the listed features' forms lead to (`formTargets`), for the CSP's `form-action`. */
export function featureFormTargets(env: FeatureSettings): string[] {
  return serverFeatures().flatMap((feature) => feature.formTargets?.(env) ?? []);
}
