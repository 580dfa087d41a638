// The dashboard's "Add passkey" form posted without JavaScript.
import { refused } from "~/server/action-kit.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";

/** A passkey is made by the browser's WebAuthn ceremony: the form's post without JavaScript can only say so. */
export default dashboardAction({
  intent: "add-passkey",
  fields: {},
  run: async () => refused(400, "Adding a passkey needs JavaScript in this browser."),
});
