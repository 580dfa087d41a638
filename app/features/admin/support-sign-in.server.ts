/**
 * "Sign in as {name}", for support, on an account's console page: with the
 * administrator's own sign-in from the last 5 minutes and a typed reason,
 * at most 10 an hour each. Never another administrator, nor oneself, nor a
 * suspended account. The browser then holds the person's session for an
 * hour at most and sets the administrator's own aside
 * (./support-cookies.server.ts); the person gets an activity entry and a
 * mail, the trail the start with its reason and end time.
 */
import { isAPIError } from "better-auth/api";
import { redirectDocument } from "react-router";
import { inLocale } from "~/i18n/locale.server";
import { DEFAULT_LOCALE } from "~/i18n/runtime";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { withCookies } from "~/server/action-kit.server";
import { recordActivity } from "~/server/auth/activity.server";
import { type DashboardAction, dashboardAction } from "~/server/dashboard/dashboard-action.server";
import type { NamedLimit } from "~/server/limits/rate-limit.server";
import { utcTime } from "~/server/mail/templates.server";
import { ACCOUNT_GONE, adminPolicy, refusal, targetAccount } from "./admin-action-kit.server";
import { supportSignInForm } from "./admin-forms";
import { writeAudit } from "./audit.server";
import { ADMIN_PATH, SUPPORT_SIGN_IN_SECONDS } from "./constants";
import * as m from "./messages";
import { isForgetful, sessionCookies, setAside } from "./support-cookies.server";
import { supportSignInMail } from "./support-mail.server";
import { createSupportSession } from "./support-sessions.server";
import { isSuspended } from "./suspension.server";

/** Support sign-ins an administrator may start: 10 an hour (besides every admin action's 60 a minute). */
export const SUPPORT_SIGN_INS_PER_HOUR: NamedLimit = {
  name: "admin-support-sign-ins",
  max: 10,
  windowSeconds: 60 * 60,
};

/** The activity entry the person gets (its sentence: ./feature.tsx). */
export const SUPPORT_SIGN_IN_ACTIVITY = "admin-support-sign-in";

// Each says its message when it is read, in the reader's language.
export const SELF_REFUSAL = refusal(400, m.supportSelfRefusal);
export const ADMIN_REFUSAL = refusal(403, m.supportRefusedForAdmin);
export const SUSPENDED_REFUSAL = refusal(409, m.supportRefusedForSuspended);

const startSupportSignIn = dashboardAction({
  form: supportSignInForm,
  page: `${ADMIN_PATH}/accounts/:userId`,
  policy: adminPolicy({
    proof: "recent-sign-in",
    limits: [{ limit: SUPPORT_SIGN_INS_PER_HOUR, per: "account", what: "support sign-ins" }],
    activity: [SUPPORT_SIGN_IN_ACTIVITY],
  }),
  target: "userId",
  async run({ services, request, signedIn: { user: me, session: mine }, form }) {
    const target = await targetAccount(services, form.userId);
    if (!target) return ACCOUNT_GONE;
    if (target.id === me.id) return SELF_REFUSAL;
    if (target.isAdmin) return ADMIN_REFUSAL;
    if (isSuspended(target)) return SUSPENDED_REFUSAL;

    const { auth, db, mail, env } = services;
    const context = await auth.$context;
    const admin = { id: me.id, email: me.email };
    const person = { id: target.id, email: target.email };
    const created = await createSupportSession(context, request, {
      targetId: target.id,
      adminId: me.id,
    }).catch((error: unknown) => {
      // Suspended a moment ago: better-auth's admin plugin refuses the account any new session.
      if (isAPIError(error) && error.statusCode === 403) return null;
      throw error;
    });
    if (!created) return SUSPENDED_REFUSAL;
    const { session, endsAt } = created;
    const startedAt = new Date();
    try {
      await mail.transaction(async (trx) => {
        await writeAudit(trx, request, {
          action: "support-sign-in-start",
          admin,
          target: person,
          reason: form.reason,
          // A record, in English whoever writes it, as every detail (./audit-detail.tsx says it in the reader's).
          detail: inLocale(DEFAULT_LOCALE, () => `Until ${utcTime(endsAt)}`),
        });
        await recordActivity(trx, { userId: target.id, kind: SUPPORT_SIGN_IN_ACTIVITY, at: startedAt });
        const message = supportSignInMail(mail.otherRecipient(target), startedAt, env.APP_URL);
        await mail.queue(trx, message, SUPPORT_SIGN_IN_ACTIVITY);
      });
    } catch (error) {
      // Unrecorded, it never started: its session goes with it.
      await db.deleteFrom("session").where("id", "=", session.id).execute();
      throw error;
    }
    const cookies = [
      // Forgotten when the browser closes, and never slid past the hour.
      ...(await sessionCookies(context, session.token, {
        forgetful: true,
        maxAge: SUPPORT_SIGN_IN_SECONDS,
      })),
      await setAside(context, {
        token: mine.token,
        admin,
        target: person,
        supportSessionId: session.id,
        endsAt: endsAt.getTime(),
        forgetful: await isForgetful(context, request.headers),
      }),
    ];
    // A new person in this browser: the whole page loads again, with JavaScript or without.
    throw redirectDocument(DEFAULT_SIGNED_IN_PATH, { headers: withCookies(cookies) });
  },
});

export const SUPPORT_ACTIONS: readonly DashboardAction[] = [startSupportSignIn];
