import { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { renamePasskeyForm } from "./passkey-forms";
import { renamePasskey } from "./passkeys.server";

/** "Rename" on a passkey's row; its name's rule answers on its own field. */
export default dashboardAction({
  form: renamePasskeyForm,
  policy: {
    effect: "own",
    proof: "session",
    limits: [],
    activity: ["passkey-renamed"],
    whileImpersonating: "refused",
  },
  target: "id",
  run: ({ services: { auth }, request: { headers }, form }) =>
    renamePasskey(auth, headers, form.id ?? "", form.name),
});
