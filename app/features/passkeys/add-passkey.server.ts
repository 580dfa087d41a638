// The dashboard's "Add passkey" form posted without JavaScript.
import { refused } from "~/server/action-kit.server";
import { SIGN_IN_CHANGE } from "~/server/action-policy.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";

/** A passkey is made by the browser's WebAuthn ceremony: the form's post without JavaScript can only say so. */
export default dashboardAction({
  intent: "add-passkey",
  // The ceremony's own doors want the same recent sign-in (`freshSignInToAddAWayIn`).
  policy: SIGN_IN_CHANGE,
  fields: {},
  run: async () => refused(400, "Adding a passkey needs JavaScript in this browser."),
});
