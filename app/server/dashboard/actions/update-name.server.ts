import { updateNameForm } from "~/lib/dashboard-forms";
import { recordActivity, requestOrigin } from "../../auth/activity.server";
import { updateName } from "../account-settings.server";
import { dashboardAction } from "../dashboard-action.server";

/** The Account card's name form; logged as `name-changed`. */
export default dashboardAction({
  form: updateNameForm,
  policy: {
    effect: "own",
    proof: "session",
    limits: [],
    activity: ["name-changed"],
    whileImpersonating: "allowed",
  },
  async run({ services: { auth, db }, request: { headers }, signedIn, form }) {
    const outcome = await updateName(auth, headers, form.name);
    if (outcome.ok)
      await recordActivity(db, { userId: signedIn.user.id, kind: "name-changed", ...requestOrigin(headers) });
    return outcome;
  },
});
