import { type Kysely, sql } from "kysely";
import { DEFAULT_MIGRATION_TABLE } from "kysely/migration";
import { READINESS_TIMEOUT_MS } from "~/lib/constants";
import type { Database } from "../../../db/schema";
import { appMigrations } from "./database.server";
import { isDatabaseUnavailable } from "./database-errors.server";

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Whether this instance can serve: the database answers within
 * `READINESS_TIMEOUT_MS`, every migration this build knows has been
 * applied (a newer instance may have applied more: still ready), and it
 * takes a write (one row, overwritten). Two small queries, so load
 * balancers may ask every few seconds.
 */
export async function checkReadiness(kysely: Kysely<Database>): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, reason: "database did not answer in time" }),
      READINESS_TIMEOUT_MS,
    );
  });
  const check = sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`
    .execute(kysely)
    .then(async ({ rows }): Promise<Readiness> => {
      const applied = new Set(rows.map((row) => row.name));
      const pending = Object.keys(appMigrations()).filter((name) => !applied.has(name));
      if (pending.length > 0) return { ready: false, reason: "migrations pending" };
      // A write too: a full disk or a read-only file answers reads but takes nothing.
      await sql`insert into "readinessProbe" ("id", "checkedAt") values (1, ${new Date()})
        on conflict ("id") do update set "checkedAt" = excluded."checkedAt"`.execute(kysely);
      return { ready: true };
    })
    // No migration table at all: nothing applied yet.
    .catch(
      (error): Readiness => ({
        ready: false,
        reason: isDatabaseUnavailable(error) ? "database unavailable" : "migrations pending",
      }),
    );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
