import type { Migration } from "kysely/migration";
import type { AuthSession } from "./auth/auth.server";
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
   * Its mailed links: the page each opens, by the purpose of its token
   * (`AccountMail.mailedLink` writes one, `peek` and `consume` read it).
   * Their tokens are kept hashed like the core's. The purpose is part of
   * every stored token: renaming one voids the links already mailed.
   */
  mailedLinks?: Record<string, string>;
};
