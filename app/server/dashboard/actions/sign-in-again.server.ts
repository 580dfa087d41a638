import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { signInAgainForm } from "~/lib/dashboard-forms";
import { safeRedirect, signInPathFor } from "~/lib/redirect";
import { redirectWithCookies } from "../../action-kit.server";
import { signOut } from "../../session/session.server";
import { dashboardAction } from "../dashboard-action.server";

/**
 * "Sign in again" beside a refusal that wants a fresh sign-in: signs out,
 * then to the sign-in page and back to the page the button was on
 * (`returnTo`, a same-origin path; the dashboard otherwise).
 */
export default dashboardAction({
  form: signInAgainForm,
  policy: { effect: "own", proof: "session", limits: [], activity: [], whileImpersonating: "allowed" },
  async run({ services: { auth }, request: { headers }, form }) {
    const onward = safeRedirect(form.returnTo, DEFAULT_SIGNED_IN_PATH);
    throw redirectWithCookies(signInPathFor(onward), await signOut(auth, headers));
  },
});
