import { emailAddress } from "~/lib/fields";
import { overLimit, refused } from "~/server/action-kit.server";
import { SIGN_IN_CHANGE } from "~/server/action-policy.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { clientIpOf } from "~/server/limits/rate-limit.server";
import { emailChangeRefusal, requestEmailChange } from "./email-change.server";
import { changeEmailForm } from "./email-change-forms";
import { CHANGES_ASKED_BY_ACCOUNT, CHANGES_INTO_ADDRESS } from "./limits.server";
import * as m from "./messages";

/**
 * "Change email address": wants a recent sign-in, then mails a link to the
 * new address (`requestEmailChange`), at most a few per IP, per account
 * and per new address.
 */
export default dashboardAction({
  form: changeEmailForm,
  // Limited in `run`: per IP (the sign-in attempts' budget), per account and per new address.
  policy: SIGN_IN_CHANGE,
  async run({ services: { mail, rateLimits }, request, signedIn: { user }, form }) {
    const parsed = emailAddress.safeParse(form.newEmail ?? "");
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? m.enterValidEmail();
      return refused(400, message, { newEmail: message });
    }
    const refusal = emailChangeRefusal(user, parsed.data);
    if (refusal) return refusal;
    const forIp = await rateLimits.ip(clientIpOf(request));
    // Apart: the changes this account asked for, and those into this address (whoever asked).
    const forAccount = forIp.allowed ? await rateLimits.hit(CHANGES_ASKED_BY_ACCOUNT, user.id) : forIp;
    const limit = forAccount.allowed ? await rateLimits.hit(CHANGES_INTO_ADDRESS, parsed.data) : forAccount;
    return overLimit(limit, m.limitAddressChanges) ?? requestEmailChange(mail, user, parsed.data);
  },
});
