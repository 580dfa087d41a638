import type { DashboardAction } from "../dashboard-action.server";
import changePassword from "./change-password.server";
import deleteAccount from "./delete-account.server";
import resendVerification from "./resend-verification.server";
import revokeOtherSessions from "./revoke-other-sessions.server";
import revokeSession from "./revoke-session.server";
import setPassword from "./set-password.server";
import signInAgain from "./sign-in-again.server";
import unlinkProvider from "./unlink-provider.server";
import updateName from "./update-name.server";

/** The core's dashboard actions, one module each; the listed features add theirs (`ServerFeature.actions`). */
export const CORE_ACTIONS: readonly DashboardAction[] = [
  updateName,
  changePassword,
  setPassword,
  revokeSession,
  revokeOtherSessions,
  unlinkProvider,
  deleteAccount,
  signInAgain,
  resendVerification,
];
