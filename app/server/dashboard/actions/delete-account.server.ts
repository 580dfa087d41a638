import { deleteAccountForm } from "~/lib/dashboard-forms";
import { redirectWithCookies, refused } from "../../action-kit.server";
import { accountDeletionRefusal } from "../../feature-hooks.server";
import { deleteAccount } from "../account-settings.server";
import { dashboardAction } from "../dashboard-action.server";

/**
 * The danger zone: with the password, or a fresh sign-in for an account
 * without one; then home, signed out. A feature may say why not yet.
 */
export default dashboardAction({
  form: deleteAccountForm,
  // Its entries go with the account; a refusal is logged (`account-deletion-refused`).
  policy: {
    effect: "irreversible",
    proof: "password",
    limits: [],
    activity: ["account-deletion-refused"],
    whileImpersonating: "refused",
  },
  async run({ services: { auth, db }, request: { headers }, signedIn: { user }, form }) {
    // A feature's reason to wait (a team's only owner), said before the password is checked.
    const refusal = await accountDeletionRefusal(db, user.id);
    if (refusal) return refused(409, refusal);
    const outcome = await deleteAccount(auth, headers, form.password);
    if (!outcome.ok) return outcome;
    throw redirectWithCookies("/", outcome.setCookie);
  },
});
