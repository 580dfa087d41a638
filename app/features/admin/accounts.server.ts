/**
 * The console's reading of accounts: the list of `/admin` (newest first, a
 * page at a time, searched and filtered) and one account's page. Each fact
 * about a page of accounts is one query for the whole page (sign-ins,
 * sessions, second factors, teams), never one per row; none reads a
 * password hash or a session token.
 */
import { type Kysely, type Selectable, sql } from "kysely";
import { listRecentActivity } from "~/server/auth/activity.server";
import { readWaysIn } from "~/server/auth/sign-in-methods.server";
import type { AppServices } from "~/server/context.server";
import { activityMethodNamer, linkedAccounts } from "~/server/dashboard/loader.server";
import { membershipsOf, secondFactorsOfEach, signInAccounts } from "~/server/feature-hooks.server";
import { listActiveSessions } from "~/server/session/sessions.server";
import type { Database } from "../../../db/schema";
import type { AccountDetails, AccountRow, AccountStatus, LastSignIn } from "./accounts";
import {
  ADMIN_ROLE,
  type AdminSettings,
  isAdministrator,
  isListedAdministrator,
} from "./administrators.server";
import type { AccountQuery } from "./console-query";
import { onePage } from "./list-page.server";
import { isSuspended } from "./suspension.server";

/** The activity kinds that are a sign-in: the sign-up's too (it signs the browser in). */
const SIGN_IN_KINDS = ["sign-in", "sign-up"];

/** `text` matched literally inside a `LIKE` pattern: its `\`, `%` and `_` escaped with `\`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The columns of an account the list and the page read. */
const ACCOUNT_COLUMNS = [
  "id",
  "name",
  "email",
  "emailVerified",
  "createdAt",
  "role",
  "banned",
  "banReason",
  "banExpires",
] as const;

type AccountFacts = Pick<Selectable<Database["user"]>, (typeof ACCOUNT_COLUMNS)[number]>;

function statusOf(settings: AdminSettings, user: AccountFacts): AccountStatus {
  if (isSuspended(user)) return "suspended";
  return isAdministrator(settings, user) ? "administrator" : "active";
}

/** A page of accounts, newest first: `q` in the address or the name (any case), and the filter, if any. */
export async function findAccounts(
  db: Kysely<Database>,
  settings: AdminSettings,
  { q, status, page }: AccountQuery,
): Promise<{ accounts: AccountRow[]; hasMore: boolean }> {
  let query = db.selectFrom("user").select(ACCOUNT_COLUMNS);
  if (q) {
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    const contains = (column: "email" | "name") =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([contains("email"), contains("name")]));
  }
  if (status === "suspended") {
    query = query
      .where("banned", "=", true)
      .where((eb) => eb.or([eb("banExpires", "is", null), eb("banExpires", ">", new Date())]));
  }
  if (status === "admins") {
    const listed = [...settings.emails];
    query = query.where((eb) =>
      eb.or([
        eb("role", "=", ADMIN_ROLE),
        ...(listed.length > 0
          ? [eb.and([eb("emailVerified", "=", true), eb(eb.fn("lower", ["email"]), "in", listed)])]
          : []),
      ]),
    );
  }
  const { rows: shown, hasMore } = await onePage(
    query.orderBy("createdAt", "desc").orderBy("id", "desc"),
    page,
  );
  const ids = shown.map((row) => row.id);
  const [lastSignIns, secondFactors, memberships] = await Promise.all([
    lastSignInsOf(db, ids),
    secondFactorsOfEach(db, ids),
    membershipsOf(db, ids),
  ]);
  return {
    hasMore,
    accounts: shown.map((row) => ({
      ...summaryOf(settings, row),
      lastSignIn: lastSignIns.get(row.id) ?? null,
      secondFactors: secondFactors.get(row.id) ?? [],
      teams: memberships.get(row.id)?.length ?? 0,
    })),
  };
}

function summaryOf(settings: AdminSettings, row: AccountFacts) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    status: statusOf(settings, row),
  };
}

/** A `max()` as each database gives it back: PostgreSQL a `Date`, SQLite its ISO text. */
const momentOf = (value: unknown) => new Date(value as string | Date);

/**
 * When each account last signed in: the activity log's latest successful
 * sign-in, or its newest session when that is later (a session made
 * before the log kept sign-ins, say); a support sign-in's session is the
 * administrator's, not the person's. Two queries for the whole page.
 */
export async function lastSignInsOf(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, LastSignIn>> {
  const latest = new Map<string, LastSignIn>();
  if (userIds.length === 0) return latest;
  const [logged, sessions] = await Promise.all([
    db
      .selectFrom("activity")
      .select((eb) => ["userId", eb.fn.max("createdAt").as("at")])
      .where("userId", "in", userIds)
      .where("kind", "in", SIGN_IN_KINDS)
      .where("success", "=", 1)
      .groupBy("userId")
      .execute(),
    db
      .selectFrom("session")
      .select((eb) => ["userId", eb.fn.max("createdAt").as("at")])
      .where("userId", "in", userIds)
      .where("impersonatedBy", "is", null)
      .groupBy("userId")
      .execute(),
  ]);
  const consider = (userId: string, at: unknown, from: LastSignIn["from"]) => {
    const moment = momentOf(at);
    const known = latest.get(userId);
    if (!known || moment.getTime() > Date.parse(known.at))
      latest.set(userId, { at: moment.toISOString(), from });
  };
  for (const row of logged) consider(row.userId, row.at, "activity");
  for (const row of sessions) consider(row.userId, row.at, "session");
  return latest;
}

/** One account as its page shows it to the administrator `adminId`, or null when there is none. */
export async function accountDetails(
  { db, env }: AppServices,
  settings: AdminSettings,
  userId: string,
  adminId: string,
): Promise<AccountDetails | null> {
  const user = await db
    .selectFrom("user")
    .select([...ACCOUNT_COLUMNS, "emailChangedAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const offered = signInAccounts(env);
  const [lastSignIns, sessions, { accounts, ways }, secondFactors, memberships, activity] = await Promise.all(
    [
      lastSignInsOf(db, [userId]),
      // No session is "this device" here: none of them is the administrator's.
      listActiveSessions(db, userId, ""),
      readWaysIn(
        db,
        userId,
        offered.map((provider) => provider.id),
      ),
      secondFactorsOfEach(db, [userId]),
      membershipsOf(db, [userId]),
      listRecentActivity(db, userId, activityMethodNamer(env)),
    ],
  );
  const suspended = isSuspended(user);
  return {
    account: {
      ...summaryOf(settings, user),
      lastSignIn: lastSignIns.get(userId) ?? null,
      isAdmin: isAdministrator(settings, user),
      listed: isListedAdministrator(settings, user),
      isYou: user.id === adminId,
      suspension: suspended
        ? { reason: user.banReason, until: user.banExpires ? user.banExpires.toISOString() : null }
        : null,
    },
    sessions,
    methods: {
      password: ways.password,
      providers: linkedAccounts(offered, accounts, user.emailChangedAt).map(({ name, linkedAt }) => ({
        name,
        linkedAt,
      })),
      secondFactors: secondFactors.get(userId) ?? [],
    },
    teams: memberships.get(userId) ?? [],
    activity,
  };
}
