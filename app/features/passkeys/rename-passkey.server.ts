// The dashboard's "Rename" of a passkey.
import { text } from "~/server/action-kit.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { renamePasskey } from "./passkeys.server";

/** "Rename" on a passkey's row; its name's rule answers on its own field. */
export default dashboardAction({
  intent: "rename-passkey",
  policy: {
    effect: "own",
    proof: "session",
    limits: [],
    activity: ["passkey-renamed"],
    whileImpersonating: "refused",
  },
  fields: { id: text, name: text },
  target: "id",
  run: ({ services: { auth }, request: { headers }, form }) =>
    renamePasskey(auth, headers, form.id ?? "", form.name),
});
