/**
 * Suspending an account and lifting it, and the refusal every way in
 * answers meanwhile. A suspension is better-auth's admin plugin's ban
 * (`user.banned`, `banReason`, `banExpires`): the plugin refuses every
 * session better-auth would make for the account, whichever way in asked
 * (./admin-plugin.server.ts), and the core asks `suspensionRefusal` where
 * a way in makes none (a reset link, an invitation, a sign-up). Suspending
 * ends every session at once: sessions are rows, read at every request,
 * so each browser is signed out at its next one, on every instance.
 */
import type { Kysely } from "kysely";
import { accountRefusedMessage } from "~/lib/account-refused";
import { done, refused } from "~/server/action-kit.server";
import { recordActivity } from "~/server/auth/activity.server";
import { endStandingTrust } from "~/server/auth/security-stamp.server";
import { type DashboardAction, dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { countSessionsRevoked } from "~/server/metrics.server";
import type { Database } from "../../../db/schema";
import { ACCOUNT_GONE, adminPolicy, targetAccount } from "./admin-action-kit.server";
import { liftSuspensionForm, suspendForm } from "./admin-forms";
import { writeAudit } from "./audit.server";
import { ADMIN_PATH } from "./constants";
import * as m from "./messages";
import { suspendedMail, suspensionLiftedMail } from "./suspension-mails.server";

/** Whether the account is suspended now: banned, with no end date or one still to come. */
export function isSuspended(user: { banned: boolean | null; banExpires: Date | null }): boolean {
  return Boolean(user.banned) && (user.banExpires === null || user.banExpires.getTime() > Date.now());
}

/** The suspension in force as the account page shows it (`SuspensionCardProps`), or null. */
export function suspensionOf(user: {
  banned: boolean | null;
  banReason: string | null;
  banExpires: Date | null;
}) {
  return isSuspended(user) ? { reason: user.banReason, until: user.banExpires?.toISOString() ?? null } : null;
}

/** `AuthExtensions.signInRefusal`: the suspension's message while the account is suspended, in the reader's language. */
export async function suspensionRefusal(db: Kysely<Database>, userId: string): Promise<string | null> {
  const user = await db
    .selectFrom("user")
    .select(["banned", "banExpires"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return user && isSuspended(user) ? accountRefusedMessage() : null;
}

/** The page the forms are posted to (the registry's name for the actions). */
const ACCOUNT_PAGE = `${ADMIN_PATH}/accounts/:userId`;

/** How the trail says when a suspension ends (`detail`): a record, written in English (./audit-detail.tsx says it in the reader's). */
const endOf = (at: Date | null) => (at ? `Ends ${at.toISOString()}` : "No end date");
/** How the trail says what a lifted suspension was to end (the same). */
const liftedEnd = (at: Date | null) => (at ? `It was to end ${at.toISOString()}` : "It had no end date");

/**
 * "Suspend": with a reason (the trail's, never told to the person) and an
 * optional end date. Never the administrator's own account, nor another
 * administrator's (take the role away first). In one transaction: the ban,
 * every session and what was trusted with them (`endStandingTrust`), the
 * trail, the person's log (without the administrator's browser or IP) and
 * their mail. Suspending a suspended account replaces its reason and end.
 */
const suspend = dashboardAction({
  form: suspendForm,
  page: ACCOUNT_PAGE,
  policy: adminPolicy({ activity: ["admin-suspended"] }),
  target: "userId",
  async run({ services, request, signedIn: { user: admin }, form }) {
    const account = await targetAccount(services, form.userId);
    if (!account) return ACCOUNT_GONE;
    if (account.id === admin.id) return refused(403, m.cannotSuspendYourself());
    if (account.isAdmin) return refused(403, m.cannotSuspendAdmin());
    const { mail } = services;
    const ended = await mail.transaction(async (trx) => {
      await trx
        .updateTable("user")
        .set({ banned: true, banReason: form.reason, banExpires: form.until })
        .where("id", "=", account.id)
        .execute();
      const sessions = await trx.deleteFrom("session").where("userId", "=", account.id).executeTakeFirst();
      await endStandingTrust(trx, account.id);
      await writeAudit(trx, request, {
        action: "suspend",
        admin: { id: admin.id, email: admin.email },
        target: { id: account.id, email: account.email },
        reason: form.reason,
        detail: endOf(form.until),
      });
      await recordActivity(trx, { userId: account.id, kind: "admin-suspended" });
      await mail.queue(trx, suspendedMail(mail.otherRecipient(account), form.until), "admin-suspended");
      return Number(sessions.numDeletedRows);
    });
    countSessionsRevoked(ended);
    return done(m.suspendedDone({ email: account.email }));
  },
});

/** "Lift the suspension": the account may sign in again at once; the trail, the person's log and a mail say so. */
const lift = dashboardAction({
  form: liftSuspensionForm,
  page: ACCOUNT_PAGE,
  policy: adminPolicy({ activity: ["admin-suspension-lifted"] }),
  target: "userId",
  async run({ services, request, signedIn: { user: admin }, form }) {
    const account = await targetAccount(services, form.userId);
    if (!account) return ACCOUNT_GONE;
    if (!isSuspended(account)) return refused(409, m.notSuspended());
    const { mail } = services;
    await mail.transaction(async (trx) => {
      await trx
        .updateTable("user")
        .set({ banned: false, banReason: null, banExpires: null })
        .where("id", "=", account.id)
        .execute();
      await writeAudit(trx, request, {
        action: "lift-suspension",
        admin: { id: admin.id, email: admin.email },
        target: { id: account.id, email: account.email },
        detail: liftedEnd(account.banExpires),
      });
      await recordActivity(trx, { userId: account.id, kind: "admin-suspension-lifted" });
      await mail.queue(
        trx,
        suspensionLiftedMail(mail.otherRecipient(account), mail.signInUrl),
        "admin-suspension-lifted",
      );
    });
    return done(m.liftedDone({ email: account.email }));
  },
});

export const SUSPENSION_ACTIONS: readonly DashboardAction[] = [suspend, lift];
