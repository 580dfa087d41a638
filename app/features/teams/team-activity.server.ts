/**
 * Teams' entries in the activity log: every change is logged for the
 * person who made it and for each person it touched, with where it came
 * from (the browser and IP of the request that made it). The entry's
 * sentence is worded when it is shown (./feature.tsx); its detail is
 * written once, so a detail with words (`() => m.someDetail(…)`) is
 * written in the language of the log's owner: their saved choice, else
 * the request's (like the mails, ~/server/auth/account-mail.server.ts).
 */
import type { Kysely } from "kysely";
import { inLocale } from "~/i18n/locale.server";
import { isLocale, type Locale, locale } from "~/i18n/runtime";
import { recordActivity, requestOrigin } from "~/server/auth/activity.server";
import type { Database } from "../../../db/schema";

/** One entry: whose log, its kind, and its detail (a team's name as it is, or words said in the owner's language). */
export type TeamLogEntry = { userId: string; kind: string; detail: string | (() => string) };

/** The saved language of each of `userIds` that chose one. */
async function savedLocales(db: Kysely<Database>, userIds: string[]): Promise<Map<string, Locale>> {
  const saved = new Map<string, Locale>();
  if (userIds.length === 0) return saved;
  const rows = await db.selectFrom("user").select(["id", "locale"]).where("id", "in", userIds).execute();
  for (const row of rows) if (isLocale(row.locale)) saved.set(row.id, row.locale);
  return saved;
}

/** Logs each entry, in one transaction, all with the request's origin. */
export async function logTeamChange(db: Kysely<Database>, request: Request, entries: TeamLogEntry[]) {
  const origin = requestOrigin(request.headers);
  const worded = entries.filter((entry) => typeof entry.detail === "function").map((entry) => entry.userId);
  const saved = await savedLocales(db, [...new Set(worded)]);
  const requestLocale = locale();
  await db.transaction().execute(async (trx) => {
    for (const { detail, ...entry } of entries) {
      const said =
        typeof detail === "function" ? inLocale(saved.get(entry.userId) ?? requestLocale, detail) : detail;
      await recordActivity(trx, { ...entry, detail: said, ...origin });
    }
  });
}
