/**
 * An account's page, for the administrator: sign the person out
 * everywhere, and make them an administrator or take that away. Each says
 * why (its reason, kept in the trail), acts on the account as the database
 * has it now, writes the trail and the person's own activity log, and is
 * never about the administrator's own account (their dashboard has their
 * own sign-out, and the last word on their role is another administrator's).
 */
import { type Kysely, sql } from "kysely";
import { done, type Outcome } from "~/server/action-kit.server";
import type { ActionPolicy } from "~/server/action-policy.server";
import { recordActivity } from "~/server/auth/activity.server";
import {
  type ActionContext,
  type DashboardAction,
  dashboardAction,
} from "~/server/dashboard/dashboard-action.server";
import { endEverySession } from "~/server/session/sessions.server";
import type { Database } from "../../../db/schema";
import { ACCOUNT_RULES } from "./account-rules";
import { ACCOUNT_GONE, adminPolicy, refusal, targetAccount } from "./admin-action-kit.server";
import { makeAdminForm, type ReasonFormOf, removeAdminForm, signOutEverywhereForm } from "./admin-forms";
import { ADMIN_ROLE } from "./administrators.server";
import { type AuditAction, writeAudit } from "./audit.server";
import * as m from "./messages";
import { isSuspended } from "./suspension.server";

/** The page these forms are posted to, as the action registry names them. */
const ACCOUNT_PAGE = "/admin/accounts/:userId";

// Each says its message when it is read, in the reader's language.
export const NOT_ON_YOURSELF = refusal(409, () => ACCOUNT_RULES.notOnYourself);
export const LISTED_IN_SETTINGS = refusal(409, () => ACCOUNT_RULES.listed);
const ALREADY_ADMIN = refusal(409, m.alreadyAdmin);
const NOT_ADMIN = refusal(409, m.notConsoleAdmin);
const UNVERIFIED = refusal(409, () => ACCOUNT_RULES.unverified);
const SUSPENDED = refusal(409, () => ACCOUNT_RULES.suspended);

type Target = NonNullable<Awaited<ReturnType<typeof targetAccount>>>;

/**
 * One form of the account page: `userId` (the account, read fresh) and
 * `reason`; refused when the account is gone or is the administrator's own.
 */
function accountAction({
  form,
  policy,
  run,
}: {
  form: ReasonFormOf;
  policy: ActionPolicy;
  run: (context: ActionContext<{ userId: string; reason: string }>, target: Target) => Promise<Outcome>;
}): DashboardAction {
  return dashboardAction({
    form,
    page: ACCOUNT_PAGE,
    policy,
    target: "userId",
    async run(context) {
      const target = await targetAccount(context.services, context.form.userId);
      if (!target) return ACCOUNT_GONE;
      if (target.id === context.signedIn.user.id) return NOT_ON_YOURSELF;
      return run(context, target);
    },
  });
}

/** The trail's entry for `action` on `target`, by the administrator signed in. */
function auditOf(
  db: Kysely<Database>,
  { request, signedIn, form }: ActionContext<{ reason: string }>,
  action: AuditAction,
  target: Target,
) {
  const admin = { id: signedIn.user.id, email: signedIn.user.email };
  return writeAudit(db, request, { action, admin, target, reason: form.reason });
}

const signOutEverywhere = accountAction({
  form: signOutEverywhereForm,
  policy: adminPolicy({ activity: ["admin-signed-out-everywhere"] }),
  async run(context, target) {
    const { services } = context;
    await endEverySession(services, target.id);
    await recordActivity(services.db, { userId: target.id, kind: "admin-signed-out-everywhere" });
    await auditOf(services.db, context, "sign-out-everywhere", target);
    return done(m.signedOutEverywhereDone({ email: target.email }));
  },
});

/**
 * Sets the account's role, only if it is still what the check read (two
 * administrators at once: one wins, the other is told), with its entries,
 * in one transaction.
 */
async function changeRole(
  context: ActionContext<{ reason: string }>,
  target: Target,
  change: { give: boolean; activity: string; audit: AuditAction },
): Promise<boolean> {
  return context.services.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("user")
      .set({ role: change.give ? ADMIN_ROLE : null })
      .where("id", "=", target.id)
      .where(
        change.give
          ? sql<boolean>`coalesce(${sql.ref("role")}, '') <> ${ADMIN_ROLE}`
          : sql<boolean>`${sql.ref("role")} = ${ADMIN_ROLE}`,
      )
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return false;
    await recordActivity(trx, { userId: target.id, kind: change.activity });
    await auditOf(trx, context, change.audit, target);
    return true;
  });
}

// Giving or taking power over every account: a sign-in from the last minutes, as for any role.
const ROLE_POLICY = { proof: "recent-sign-in" } as const;

const makeAdmin = accountAction({
  form: makeAdminForm,
  policy: adminPolicy({ ...ROLE_POLICY, activity: ["admin-role-given"] }),
  async run(context, target) {
    if (target.isAdmin) return ALREADY_ADMIN;
    if (!target.emailVerified) return UNVERIFIED;
    if (isSuspended(target)) return SUSPENDED;
    const given = await changeRole(context, target, {
      give: true,
      activity: "admin-role-given",
      audit: "make-admin",
    });
    if (!given) return ALREADY_ADMIN;
    return done(m.madeAdminDone({ email: target.email }));
  },
});

const removeAdmin = accountAction({
  form: removeAdminForm,
  policy: adminPolicy({ ...ROLE_POLICY, activity: ["admin-role-removed"] }),
  async run(context, target) {
    if (target.listed) return LISTED_IN_SETTINGS;
    if (target.role !== ADMIN_ROLE) return NOT_ADMIN;
    const removed = await changeRole(context, target, {
      give: false,
      activity: "admin-role-removed",
      audit: "remove-admin",
    });
    if (!removed) return NOT_ADMIN;
    return done(m.removedAdminDone({ email: target.email }));
  },
});

export const ACCOUNT_ACTIONS: readonly DashboardAction[] = [signOutEverywhere, makeAdmin, removeAdmin];
