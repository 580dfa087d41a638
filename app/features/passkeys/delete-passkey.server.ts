import { removeSignInMethod } from "~/server/auth/sign-in-methods.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { signInAccountIds } from "~/server/feature-hooks.server";
import * as m from "./messages";
import { deletePasskeyForm } from "./passkey-forms";
import { passkeyWayOut } from "./passkeys.server";

/** "Remove" on a passkey's row: never the last way in, and only with a fresh sign-in. */
export default dashboardAction({
  form: deletePasskeyForm,
  policy: {
    effect: "sign-in",
    proof: "recent-sign-in",
    limits: [],
    activity: ["passkey-removed"],
    whileImpersonating: "refused",
  },
  target: "id",
  run: ({ services: { db, env, mail }, request: { headers }, signedIn: { user, session }, form }) =>
    removeSignInMethod(
      db,
      headers,
      { userId: user.id, session, configured: signInAccountIds(env) },
      passkeyWayOut(form.id ?? ""),
      m.passkey(),
      mail.sendSignInChangeNotice,
    ),
});
