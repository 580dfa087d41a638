/**
 * The two-step sign-in page's forms, one `dashboardAction` each, run by the
 * page's action like the dashboard's: plain form posts that also work
 * without JavaScript. New recovery codes come back once (`shownOnce`).
 */
import { redirect } from "react-router";
import { signInPathFor } from "~/lib/redirect";
import { done, redirectWithCookies } from "~/server/action-kit.server";
import { SIGN_IN_CHANGE } from "~/server/action-policy.server";
import { recordActivity, requestOrigin } from "~/server/auth/activity.server";
import { type DashboardAction, dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { signOut } from "~/server/session/session.server";
import { TWO_FACTOR_SETTINGS_PATH } from "./constants";
import * as m from "./messages";
import { confirmSetup, renewRecoveryCodes, startSetup, turnOff } from "./settings.server";
import { forgetTrustedBrowsers } from "./two-factor.server";
import {
  cancelForm,
  confirmForm,
  forgetBrowsersForm,
  renewCodesForm,
  signInAgainHereForm,
  startForm,
  turnOffForm,
} from "./two-factor-forms";

/** "Turn on": a new secret for the authenticator app, shown on the page (only to a recent sign-in). */
const start = dashboardAction({
  form: startForm,
  page: TWO_FACTOR_SETTINGS_PATH,
  policy: SIGN_IN_CHANGE,
  async run({ services, signedIn }) {
    const started = await startSetup(services.auth, signedIn);
    if (!started.ok) return started;
    throw redirect(TWO_FACTOR_SETTINGS_PATH);
  },
});

/** The app's first code confirms the setup: two-step sign-in is on, and the recovery codes are shown once. */
const confirm = dashboardAction({
  form: confirmForm,
  page: TWO_FACTOR_SETTINGS_PATH,
  policy: {
    effect: "sign-in",
    proof: "recent-sign-in",
    limits: [],
    activity: ["two-factor-enabled"],
    whileImpersonating: "refused",
  },
  run: ({ services, request, signedIn, form }) =>
    confirmSetup(services, request.headers, signedIn, form.code),
});

/** "Cancel" during the setup: the secret no code confirmed is dropped. */
const cancel = dashboardAction({
  form: cancelForm,
  page: TWO_FACTOR_SETTINGS_PATH,
  policy: { effect: "own", proof: "session", limits: [], activity: [], whileImpersonating: "refused" },
  async run({ services: { auth }, signedIn: { user } }) {
    // Through better-auth's adapter, like `startSetup`: it writes the flag each database's way.
    const { adapter } = await auth.$context;
    await adapter.deleteMany({
      model: "twoFactor",
      where: [
        { field: "userId", value: user.id },
        { field: "verified", value: false },
      ],
    });
    throw redirect(TWO_FACTOR_SETTINGS_PATH);
  },
});

/** "Make new recovery codes", with a current code: the old set stops working. */
const renewCodes = dashboardAction({
  form: renewCodesForm,
  page: TWO_FACTOR_SETTINGS_PATH,
  policy: {
    effect: "sign-in",
    proof: "recent-sign-in",
    limits: [],
    activity: ["recovery-codes-replaced"],
    whileImpersonating: "refused",
  },
  run: ({ services, request, signedIn, form }) =>
    renewRecoveryCodes(services, request.headers, signedIn, form.code),
});

/** "Turn off", with a current code. */
const turnItOff = dashboardAction({
  form: turnOffForm,
  page: TWO_FACTOR_SETTINGS_PATH,
  policy: {
    effect: "sign-in",
    proof: "recent-sign-in",
    limits: [],
    activity: ["two-factor-disabled"],
    whileImpersonating: "refused",
  },
  run: ({ services, request, signedIn, form }) => turnOff(services, request.headers, signedIn, form.code),
});

/** "Forget trusted browsers": every browser asks for a code at its next sign-in. */
const forgetBrowsers = dashboardAction({
  form: forgetBrowsersForm,
  page: TWO_FACTOR_SETTINGS_PATH,
  policy: {
    effect: "protective",
    proof: "session",
    limits: [],
    activity: ["trusted-browsers-forgotten"],
    whileImpersonating: "refused",
  },
  async run({ services: { db }, request: { headers }, signedIn: { user } }) {
    await forgetTrustedBrowsers(db, user.id);
    await recordActivity(db, {
      userId: user.id,
      kind: "trusted-browsers-forgotten",
      ...requestOrigin(headers),
    });
    return done(m.everyBrowserWillAsk());
  },
});

/** "Sign in again": signs out, then the sign-in page brings the person back here. */
const signInAgain = dashboardAction({
  form: signInAgainHereForm,
  page: TWO_FACTOR_SETTINGS_PATH,
  policy: { effect: "own", proof: "session", limits: [], activity: [], whileImpersonating: "allowed" },
  async run({ services: { auth }, request: { headers } }) {
    throw redirectWithCookies(signInPathFor(TWO_FACTOR_SETTINGS_PATH), await signOut(auth, headers));
  },
});

export const TWO_FACTOR_ACTIONS: readonly DashboardAction[] = [
  start,
  confirm,
  cancel,
  renewCodes,
  turnItOff,
  forgetBrowsers,
  signInAgain,
];
