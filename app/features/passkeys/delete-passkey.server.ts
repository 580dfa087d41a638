// The dashboard's "Remove" of a passkey.
import { text } from "~/server/action-kit.server";
import { removeSignInMethod } from "~/server/auth/sign-in-methods.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { signInAccountIds } from "~/server/feature-hooks.server";
import { passkeyWayOut } from "./passkeys.server";

/** "Remove" on a passkey's row: never the last way in, and only with a fresh sign-in. */
export default dashboardAction({
  intent: "delete-passkey",
  policy: {
    effect: "sign-in",
    proof: "recent-sign-in",
    limits: [],
    activity: ["passkey-removed"],
    whileImpersonating: "refused",
  },
  fields: { id: text },
  target: "id",
  run: ({ services: { db, env, mail }, request: { headers }, signedIn: { user, session }, form }) =>
    removeSignInMethod(
      db,
      headers,
      { userId: user.id, session, configured: signInAccountIds(env) },
      passkeyWayOut(form.id ?? ""),
      "Passkey",
      mail.sendSignInChangeNotice,
    ),
});
