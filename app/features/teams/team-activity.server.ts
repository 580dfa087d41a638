/**
 * Teams' entries in the activity log: every change is logged for the
 * person who made it and for each person it touched, with where it came
 * from (the browser and IP of the request that made it).
 */
import type { Kysely } from "kysely";
import { recordActivity, requestOrigin } from "~/server/auth/activity.server";
import type { Database } from "../../../db/schema";

export type TeamLogEntry = { userId: string; kind: string; detail: string };

/** Logs each entry, in one transaction, all with the request's origin. */
export async function logTeamChange(db: Kysely<Database>, request: Request, entries: TeamLogEntry[]) {
  const origin = requestOrigin(request.headers);
  await db.transaction().execute(async (trx) => {
    for (const entry of entries) await recordActivity(trx, { ...entry, ...origin });
  });
}
