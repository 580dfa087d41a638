import { unlinkProviderForm } from "~/lib/dashboard-forms";
import { removeSignInMethod } from "../../auth/sign-in-methods.server";
import { signInAccounts } from "../../feature-hooks.server";
import { dashboardAction } from "../dashboard-action.server";

/**
 * "Remove" on a way to sign in of the Sign-in methods card: the password
 * (`credential`) or a provider. Never the last way in, and only with a
 * fresh sign-in; the owner is told by mail.
 */
export default dashboardAction({
  form: unlinkProviderForm,
  policy: {
    effect: "sign-in",
    proof: "recent-sign-in",
    limits: [],
    activity: ["provider-unlinked"],
    whileImpersonating: "refused",
  },
  target: "provider",
  run({ services: { db, env, mail }, request: { headers }, signedIn: { user, session }, form }) {
    const accounts = signInAccounts(env);
    const id = form.provider ?? "";
    // The password's answers name it themselves (`removeSignInMethod`).
    const name = accounts.find((account) => account.id === id)?.name ?? id;
    const change = { userId: user.id, session, configured: accounts.map((account) => account.id) };
    const target = { kind: "account", providerId: id } as const;
    return removeSignInMethod(db, headers, change, target, name, mail.sendSignInChangeNotice);
  },
});
