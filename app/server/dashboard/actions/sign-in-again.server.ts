import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { signInPathFor } from "~/lib/redirect";
import { redirectWithCookies } from "../../action-kit.server";
import { signOut } from "../../session/session.server";
import { dashboardAction } from "../dashboard-action.server";

/** "Sign in again" beside a refusal that wants a fresh sign-in: signs out, then to the sign-in page and back. */
export default dashboardAction({
  intent: "sign-in-again",
  fields: {},
  async run({ services: { auth }, request: { headers } }) {
    throw redirectWithCookies(signInPathFor(DEFAULT_SIGNED_IN_PATH), await signOut(auth, headers));
  },
});
