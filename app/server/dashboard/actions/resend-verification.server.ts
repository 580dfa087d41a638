import { resendVerificationForm } from "~/lib/dashboard-forms";
import { done, overLimit, refused } from "../../action-kit.server";
import { clientIpOf } from "../../limits/rate-limit.server";
import * as m from "../../messages";
import { dashboardAction } from "../dashboard-action.server";

/** "Resend" on the unverified-address banner: a fresh link, limited per IP and per address. */
export default dashboardAction({
  form: resendVerificationForm,
  // Limited in `run`, per IP and per the address it mails.
  policy: { effect: "own", proof: "session", limits: [], activity: [], whileImpersonating: "allowed" },
  async run({ services: { mail, rateLimits }, request, signedIn: { user } }) {
    if (user.emailVerified) return refused(400, m.emailAlreadyVerified());
    const forIp = await rateLimits.ip(clientIpOf(request));
    const limit = forIp.allowed ? await rateLimits.address("verification-email", user.email) : forIp;
    const refusal = overLimit(limit, m.attemptsVerificationMails);
    if (refusal) return refusal;
    await mail.sendVerification(user);
    return done(m.verificationLinkSent({ email: user.email }));
  },
});
