import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { z } from "zod";
import type { SectionLoader } from "~/lib/dashboard-section";
import type { Database } from "../../db/schema";
import type { AuthExtensions } from "./auth/auth-extensions";
import type { DashboardAction } from "./dashboard/dashboard-action.server";

/**
 * What a feature (app/features/<name>/feature.server.ts) adds to the server,
 * read by the core through app/features/server.server.ts: the product
 * contract. A product feature (a team's projects, say) uses these and no
 * more; the sign-in extensions only features that are ways in need are
 * apart, under `auth` (./auth/auth-extensions.ts).
 */
export type ServerFeature = {
  /**
   * Its migrations, by name. Names share one sequence with the core's
   * (db/migrations/index.ts): take the next free number. A removed feature's
   * migrations stay recorded and its tables stay; see `migrateToLatest`.
   */
  migrations?: Record<string, Migration>;
  /**
   * What its dashboard sections show, any number, each made with its
   * section's `load` (`dashboardSection`, app/lib/dashboard-section.ts):
   * read with the rest of the page, handed to the section's card, and
   * included by "Download my data" under the section's key.
   */
  dashboard?: readonly SectionLoader[];
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
  /**
   * Its mailed links: the page each opens, by the purpose of its token
   * (`AccountMail.mailedLink` writes one, `peek` and `consume` read it).
   * Their tokens are kept hashed like the core's. The purpose is part of
   * every stored token: renaming one voids the links already mailed.
   */
  mailedLinks?: Record<string, string>;
  /**
   * Why this account may not be deleted yet, in words that say what to do
   * first (the only owner of a team with other members, say); null when
   * nothing stands in the way. The dashboard's "Delete account" answers it
   * with a `409`; the feature's own better-auth plugin should refuse
   * `/delete-user` the same way, for any other caller.
   */
  accountDeletionRefusal?: (db: Kysely<Database>, userId: string) => Promise<string | null>;
  /** Sign-in extensions: only features that are ways in, or guard them, need these. */
  auth?: AuthExtensions;
};

/** The features' settings in the parsed environment, by the key each `config` names. */
export type FeatureSettings = { readonly [key: string]: unknown };
