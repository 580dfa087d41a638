import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Column types that differ between the two databases the app runs on. A
 * migration says `timestamp(db)` or `boolean(db)` and gets what better-auth
 * reads and writes there: SQLite has no date or boolean type (better-auth
 * stores ISO text and 0/1 in `date`/`boolean` columns), PostgreSQL has both.
 * PostgreSQL's own `date` would drop the time of day. The app asks
 * `isPostgres` too, of its `Kysely<Database>` or a transaction of it.
 */
export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A point in time: `timestamptz` on PostgreSQL, `date` (ISO text, read as a `Date`: db:types) on SQLite. */
export function timestamp(db: Kysely<unknown>) {
  return isPostgres(db) ? "timestamptz" : "date";
}

/**
 * True or false: `boolean` on PostgreSQL; on SQLite 0/1 in a column
 * declared `boolean`, which `npm run db:types` reads as a flag. (Before
 * the generated types SQLite's was declared `integer`: the same 0/1.)
 */
export function boolean(_db: Kysely<unknown>) {
  return "boolean" as const;
}
