import { z } from "zod";
import { enteredPassword } from "~/lib/fields";
import { redirectWithCookies } from "../../action-kit.server";
import { deleteAccount } from "../account-settings.server";
import { dashboardAction } from "../dashboard-action.server";

/** The danger zone: with the password, or a fresh sign-in for an account without one; then home, signed out. */
export default dashboardAction({
  intent: "delete-account",
  // An empty field is no password (an account without one sends none).
  fields: {
    password: z
      .literal("")
      .transform(() => undefined)
      .or(enteredPassword)
      .optional(),
  },
  async run({ services: { auth }, request: { headers }, form }) {
    const outcome = await deleteAccount(auth, headers, form.password);
    if (!outcome.ok) return outcome;
    throw redirectWithCookies("/", outcome.setCookie);
  },
});
