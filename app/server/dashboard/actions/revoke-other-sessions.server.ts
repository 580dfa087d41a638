import { revokeOtherSessionsForm } from "~/lib/dashboard-forms";
import { revokeOtherSessions } from "../../session/sessions.server";
import { dashboardAction } from "../dashboard-action.server";

/** "Sign out everywhere else" on the Sessions card. */
export default dashboardAction({
  form: revokeOtherSessionsForm,
  policy: {
    effect: "protective",
    proof: "session",
    limits: [],
    activity: ["other-sessions-revoked"],
    whileImpersonating: "refused",
  },
  run: ({ services: { db }, request: { headers }, signedIn: { user, session } }) =>
    revokeOtherSessions(db, headers, { userId: user.id, currentId: session.id }),
});
