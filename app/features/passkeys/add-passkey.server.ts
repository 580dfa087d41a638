// The dashboard's "Add passkey" form posted without JavaScript.
import { refused } from "~/server/action-kit.server";
import { SIGN_IN_CHANGE } from "~/server/action-policy.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import * as m from "./messages";
import { addPasskeyForm } from "./passkey-forms";

/** A passkey is made by the browser's WebAuthn ceremony: the form's post without JavaScript can only say so. */
export default dashboardAction({
  form: addPasskeyForm,
  // The ceremony's own doors want the same recent sign-in (`freshSignInToAddAWayIn`).
  policy: SIGN_IN_CHANGE,
  run: async () => refused(400, m.addNeedsJavaScript()),
});
