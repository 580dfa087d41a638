/** Suspending an account and lifting it, and the refusal every way in answers meanwhile. (To be built.) */
import type { Kysely } from "kysely";
import type { DashboardAction } from "~/server/dashboard/dashboard-action.server";
import type { Database } from "../../../db/schema";
import { ACCOUNT_SUSPENDED_MESSAGE } from "./constants";

export const SUSPENSION_ACTIONS: readonly DashboardAction[] = [];

/** Whether the account is suspended now: banned, with no end date or one still to come. */
export function isSuspended(user: { banned: boolean | null; banExpires: Date | null }): boolean {
  return Boolean(user.banned) && (user.banExpires === null || user.banExpires.getTime() > Date.now());
}

/** `ServerFeature.signInRefusal`: the suspension's message while the account is suspended. */
export async function suspensionRefusal(db: Kysely<Database>, userId: string): Promise<string | null> {
  const user = await db
    .selectFrom("user")
    .select(["banned", "banExpires"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return user && isSuspended(user) ? ACCOUNT_SUSPENDED_MESSAGE : null;
}
