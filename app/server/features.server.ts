import type { BetterAuthPlugin } from "better-auth";
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Database } from "../../db/schema";
import type { AuthSession, AuthSetup } from "./auth/auth.server";
import type { AuthEndpoint } from "./auth/feature-auth.server";
import type { AppServices } from "./context.server";
import type { DashboardAction } from "./dashboard/dashboard-action.server";

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
   * same key.
   */
  dashboard?: {
    key: string;
    load(services: AppServices, signedIn: AuthSession): Promise<unknown>;
  };
  /** Its dashboard forms, one module each (`dashboardAction`). */
  actions?: readonly DashboardAction[];
  /**
   * The tables its migrations make, each with its columns, for
   * db/schema.test.ts. Their types join `Database` (db/schema.ts) by
   * declaration merging in the feature's own files.
   */
  tables?: Record<string, Record<string, true>>;
  /** better-auth plugins it adds, made with the auth instance (`createAuth`); after the core's limits, before its activity log. */
  authPlugins?(setup: AuthSetup): BetterAuthPlugin[];
  /** The better-auth endpoints its plugins add that the core's rules should know: doors, field rules, activity (`AuthEndpoint`). */
  authEndpoints?: readonly AuthEndpoint[];
  /** How many ways to sign in it gives this person (a passkey each): the last way in is never removed. */
  waysIn?(db: Kysely<Database>, userId: string): Promise<number>;
  /**
   * Someone just proved they read the account's unverified mailbox: remove
   * whatever ways in the feature holds that anyone could have added before,
   * in `trx`; the lines the mail and the page say of them ("2 passkeys").
   */
  onMailboxClaimed?(trx: Kysely<Database>, userId: string): Promise<string[]>;
};
