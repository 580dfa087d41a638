import { revokeSessionForm } from "~/lib/dashboard-forms";
import { revokeSessionById } from "../../session/sessions.server";
import { dashboardAction } from "../dashboard-action.server";

/** "Sign out" on one of the Sessions card's rows. */
export default dashboardAction({
  form: revokeSessionForm,
  policy: {
    effect: "protective",
    proof: "session",
    limits: [],
    activity: ["session-revoked"],
    whileImpersonating: "refused",
  },
  target: "id",
  run: ({ services: { db }, request: { headers }, signedIn: { user, session }, form }) =>
    revokeSessionById(db, headers, { userId: user.id, currentId: session.id, sessionId: form.id ?? "" }),
});
