import { changePasswordForm } from "~/lib/dashboard-forms";
import { changePassword } from "../account-settings.server";
import { dashboardAction } from "../dashboard-action.server";

/**
 * "Change password": the current one counts against the account's failure
 * budget inside better-auth (password-attempts.server.ts); a wrong one is
 * logged (`password-change-refused`), a change too (`password-changed`).
 */
export default dashboardAction({
  form: changePasswordForm,
  policy: {
    effect: "sign-in",
    proof: "password",
    limits: [],
    activity: ["password-changed", "password-change-refused"],
    whileImpersonating: "refused",
  },
  run: ({ services: { auth, db }, request: { headers }, signedIn, form }) =>
    changePassword({ auth, db }, headers, signedIn.user.id, form),
});
