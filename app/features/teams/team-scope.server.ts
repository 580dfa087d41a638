/**
 * A product's own team-scoped tables (app/features/projects/ is the
 * worked example): every query starts from the session's active team, so
 * a page cannot forget the condition that keeps one team's rows from
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
import {
  activeOrganizationIdOf,
  isRefusal,
  type Team,
  teamOfMember,
  teamsOfMember,
} from "./team-membership.server";

/** The tables of `DB` that have a `teamId` column: the only ones a scope opens. */
type TeamTable<DB> = { [T in keyof DB & string]: DB[T] extends { teamId: string } ? T : never }[keyof DB &
  string];

/** Tables a test adds beside the app's (db/schema.ts): none in the app, whose tables are all in `Database`. */
type MoreTables = Record<string, Record<string, unknown>>;

/**
 * The queries of one team's rows, as its member sees them: `team` (its id
 * and name, their role and member row) and `selectFrom`, `updateTable`,
 * `deleteFrom` starting with `where <table>.teamId = <team>`. A condition
 * added after it only narrows, so asking for another team's row by its id
 * finds nothing. A join sees every team's rows of the joined table: join
 * on a row of the scoped one (its id), and never `set` a `teamId` in an update.
 */
export function teamScope<Extra extends MoreTables = Record<never, never>>(
  base: Kysely<Database>,
  team: Team,
) {
  type DB = Database & Extra;
  const db = base.withTables<Extra>();
  const teamId = team.id;
  const inTeam = (table: string) => sql<boolean>`${sql.ref(`${table}.teamId`)} = ${teamId}`;
  // Kysely types a query of a table only once it knows which (`T` here is any of them): said here, once each.
  return {
    team,
    teamId,
    role: team.myRole,
    selectFrom: <T extends TeamTable<DB>>(table: T) =>
      (db.selectFrom(table) as SelectQueryBuilder<DB, T, Record<never, never>>).where(inTeam(table)),
    // Kysely's answer stays unresolved while `T` is any table: it is also the builder it resolves to.
    updateTable: <T extends TeamTable<DB>>(table: T) =>
      (
        db.updateTable(table) as ReturnType<typeof db.updateTable<T>> &
          UpdateQueryBuilder<DB, T, T, UpdateResult>
      ).where(inTeam(table)),
    deleteFrom: <T extends TeamTable<DB>>(table: T) =>
      (db.deleteFrom(table) as DeleteQueryBuilder<DB, T, DeleteResult>).where(inTeam(table)),
    /** Inserts `row` into the team: its `teamId` comes from the scope, never from a form. */
    insertInto: <T extends TeamTable<DB>>(table: T, row: Omit<Insertable<DB[T]>, "teamId">) =>
      db.insertInto(table).values({ ...(row as Insertable<DB[T]>), teamId }),
  };
}

/** A team's queries, as `teamScope` makes them over the app's tables. */
export type TeamScope = ReturnType<typeof teamScope<Record<never, never>>>;

/**
 * The session's active team and the queries that see only its rows
 * (`teamScope`); null when the session has no active team or its person
 * no longer belongs to it (a page then sends them to /dashboard/teams, and
 * shows no rows).
 */
export async function activeTeamScope<Extra extends MoreTables = Record<never, never>>(
  db: Kysely<Database>,
  session: AuthSession["session"],
) {
  const team = await teamOfMember(db, session.userId, activeOrganizationIdOf(session));
  return isRefusal(team) ? null : teamScope<Extra>(db, team);
}

/** Every team `userId` belongs to, each as its scope, by name: for what reads across them (the data export). */
export async function scopesOfMember(db: Kysely<Database>, userId: string): Promise<TeamScope[]> {
  return (await teamsOfMember(db, userId)).map((team) => teamScope(db, team));
}
