/**
 * A product's own team-scoped tables (docs/teams.md, "A team-scoped table
 * of your own"): every query starts from the session's active team, so a
 * page cannot forget the condition that keeps one team's rows from
 * another's. The active team is checked against the person's membership
 * at every call, like the teams' pages: a removed member gets no scope at
 * their next request, even while their session still names the team.
 */
import {
  type DeleteQueryBuilder,
  type DeleteResult,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  sql,
  type UpdateQueryBuilder,
  type UpdateResult,
} from "kysely";
import type { AuthSession } from "~/server/auth/auth.server";
import type { Database } from "../../../db/schema";
import { activeOrganizationIdOf } from "./team-action-kit.server";
import { activeTeamOf } from "./teams.server";

/** The tables of `DB` that have a `teamId` column: the only ones a scope opens. */
type TeamTable<DB> = { [T in keyof DB & string]: DB[T] extends { teamId: string } ? T : never }[keyof DB &
  string];

/**
 * The session's active team and the queries that see only its rows; null
 * when the session has no active team or its person no longer belongs to
 * it (a page then sends them to /dashboard/teams, and shows no rows).
 * `selectFrom`, `updateTable` and `deleteFrom` start with
 * `where <table>.teamId = <active team>`: a condition added after it only
 * narrows, so asking for another team's row by its id finds nothing. A
 * join sees every team's rows of the joined table: join on a row of the
 * scoped one (its id), and never `set` a `teamId` in an update.
 */
export async function activeTeamScope<DB extends Database>(db: Kysely<DB>, session: AuthSession["session"]) {
  // `DB` is the app's tables with a product's on top; the membership reads only the app's.
  const active = await activeTeamOf(db as unknown as Kysely<Database>, {
    userId: session.userId,
    activeOrganizationId: activeOrganizationIdOf(session),
  });
  if (!active) return null;
  const { teamId } = active;
  const inTeam = (table: string) => sql<boolean>`${sql.ref(`${table}.teamId`)} = ${teamId}`;
  return {
    ...active,
    // Kysely types a query of a table it does not know yet (`T`) only once `T` is known: said here.
    selectFrom: <T extends TeamTable<DB>>(table: T) =>
      (db.selectFrom(table) as SelectQueryBuilder<DB, T, Record<never, never>>).where(inTeam(table)),
    updateTable: <T extends TeamTable<DB>>(table: T) =>
      (db.updateTable(table) as unknown as UpdateQueryBuilder<DB, T, T, UpdateResult>).where(inTeam(table)),
    deleteFrom: <T extends TeamTable<DB>>(table: T) =>
      (db.deleteFrom(table) as DeleteQueryBuilder<DB, T, DeleteResult>).where(inTeam(table)),
    /** Inserts `row` into the active team: its `teamId` comes from the scope, never from a form. */
    insertInto: <T extends TeamTable<DB>>(table: T, row: Omit<Insertable<DB[T]>, "teamId">) =>
      db.insertInto(table).values({ ...row, teamId } as unknown as Insertable<DB[T]>),
  };
}
