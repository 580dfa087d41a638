import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Column types that differ between the two databases the app runs on. A
 * migration says `timestamp(db)` or `boolean(db)` and gets what better-auth
 * reads and writes there: SQLite has no date or boolean type (better-auth
 * stores ISO text and 0/1 in `date`/`integer` columns), PostgreSQL has both.
 * PostgreSQL's own `date` would drop the time of day. The app asks
 * `isPostgres` too, of its `Kysely<Database>` or a transaction of it.
 */
export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A point in time: `timestamptz` on PostgreSQL, `date` (ISO text) on SQLite. */
export function timestamp(db: Kysely<unknown>) {
  return isPostgres(db) ? "timestamptz" : "date";
}

/** True or false: `boolean` on PostgreSQL, `integer` (0/1) on SQLite. */
export function boolean(db: Kysely<unknown>) {
  return isPostgres(db) ? "boolean" : "integer";
}
