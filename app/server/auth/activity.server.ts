import type { Kysely } from "kysely";
import { type ActivityItem, activityKind } from "~/lib/activity";
import { ACTIVITY_SHOWN, CLIENT_IP_HEADER } from "~/lib/constants";
import type { Database } from "../../../db/schema";
import { compiledQuery } from "../db/compiled-query.server";
import type { SignInChange, SignInFacts } from "../mail/templates.server";
import { browserInWords, summarizeUserAgent } from "../user-agent.server";

/** What happened, to whom, how and from where. */
export type ActivityRecord = {
  userId: string;
  /** A kind of app/lib/activity.ts or of a feature. */
  kind: string;
  /** `password`, `passkey` or a provider id; null when the kind has no method. */
  method?: string | null;
  /** The browser summary ("Chrome on Linux"), never the raw user agent. */
  browser?: string | null;
  ip?: string | null;
  success?: boolean;
  /** What it was about, in words its sentence shows (a team's name): a value the server's rules checked. */
  detail?: string | null;
  at?: Date;
};

/** Where a request came from, as the log keeps it: the browser summary and the client IP. */
export function requestOrigin(headers: Headers | undefined): { browser: string; ip: string | null } {
  return {
    browser: summarizeUserAgent(headers?.get("user-agent")).label,
    ip: headers?.get(CLIENT_IP_HEADER) ?? null,
  };
}

/** Appends an entry to a person's activity log. */
export async function recordActivity(kysely: Kysely<Database>, record: ActivityRecord): Promise<void> {
  // A kind nobody can read would be logged and never shown: a mistake the tests catch here.
  if (!activityKind(record.kind)) {
    throw new Error(
      `Activity kind "${record.kind}" has no icon and sentence (app/lib/activity.ts or its feature's feature.tsx)`,
    );
  }
  await kysely
    .insertInto("activity")
    .values({
      userId: record.userId,
      kind: record.kind,
      method: record.method ?? null,
      browser: record.browser ?? null,
      ip: record.ip ?? null,
      success: record.success === false ? 0 : 1,
      detail: record.detail ?? null,
      createdAt: record.at ?? new Date(),
    })
    .execute();
}

/** Tells the owner of an account about a change to how it signs in (the notice mail). */
export type SignInChangeNotifier = (
  userId: string,
  change: SignInChange,
  facts: SignInFacts,
) => Promise<void>;

/**
 * Logs a change to how the account signs in (a password set, changed or
 * removed; a passkey or provider added or removed), and tells its owner.
 * The password, unlinked, is kept as `provider-unlinked` with method `password`.
 */
export async function recordSignInChange(
  kysely: Kysely<Database>,
  userId: string,
  change: SignInChange,
  headers: Headers | undefined,
  notify?: SignInChangeNotifier,
): Promise<void> {
  const origin = requestOrigin(headers);
  const providerId = "providerId" in change ? change.providerId : null;
  await recordActivity(kysely, {
    userId,
    kind: change.kind,
    method: providerId === "credential" ? "password" : providerId,
    ...origin,
  });
  await notify?.(userId, change, { at: new Date(), ...origin });
}

/** What the log knew of this person before a sign-in: anything at all, and this browser. */
export async function priorSignIns(
  kysely: Kysely<Database>,
  userId: string,
  browser: string,
): Promise<{ any: boolean; fromBrowser: boolean }> {
  const row = await kysely
    .selectFrom("activity")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn
        .sum<number | null>(eb.case().when("browser", "=", browser).then(1).else(0).end())
        .as("fromBrowser"),
    ])
    .where("userId", "=", userId)
    .where("kind", "in", ["sign-in", "sign-up"])
    .where("success", "=", 1)
    .executeTakeFirst();
  return { any: Number(row?.count ?? 0) > 0, fromBrowser: Number(row?.fromBrowser ?? 0) > 0 };
}

/**
 * A person's latest activity, newest first, with each method named by
 * `nameOfMethod` ("GitHub", "Passkey"); kinds this version does not know
 * (written by a newer one) are left out.
 */
const latestActivityOf = compiledQuery((db, userId: string, limit: number) =>
  db
    .selectFrom("activity")
    .selectAll()
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit),
);

export async function listRecentActivity(
  kysely: Kysely<Database>,
  userId: string,
  nameOfMethod: (method: string) => string,
  limit = ACTIVITY_SHOWN,
): Promise<ActivityItem[]> {
  const rows = await latestActivityOf(kysely, userId, limit);
  return rows
    .filter((row) => activityKind(row.kind))
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      method: row.method ? nameOfMethod(row.method) : null,
      browser: row.browser === null ? null : browserInWords(row.browser),
      ip: row.ip,
      success: row.success === 1,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    }));
}
