import { setPasswordForm } from "~/lib/dashboard-forms";
import { setPassword } from "../account-settings.server";
import { dashboardAction } from "../dashboard-action.server";

/** A first password for an account that signs in another way. */
export default dashboardAction({
  form: setPasswordForm,
  policy: {
    effect: "sign-in",
    proof: "recent-sign-in",
    limits: [],
    activity: ["password-set"],
    whileImpersonating: "refused",
  },
  run: ({ services: { auth }, request: { headers }, signedIn, form }) =>
    setPassword(auth, headers, signedIn.user, form.newPassword),
});
