import { newPassword } from "~/lib/fields";
import { setPassword } from "../account-settings.server";
import { dashboardAction } from "../dashboard-action.server";

/** A first password for an account that signs in another way. */
export default dashboardAction({
  intent: "set-password",
  fields: { newPassword },
  freshSignIn: true,
  run: ({ services: { auth }, request: { headers }, signedIn, form }) =>
    setPassword(auth, headers, signedIn.user, form.newPassword),
});
