import { z } from "zod";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { DASHBOARD_INTENTS, type DashboardActionData } from "~/lib/dashboard-actions";
import { emailAddress } from "~/lib/fields";
import { signInPathFor } from "~/lib/redirect";
import { findProvider } from "~/lib/sign-in-providers";
import {
  done,
  type Outcome,
  overLimit,
  readForm,
  redirectWithCookies,
  refused,
  respond,
  text,
} from "../action-kit.server";
import type { AuthSession } from "../auth/auth.server";
import { emailChangeRefusal, requestEmailChange } from "../auth/email-change.server";
import { removeSignInMethod } from "../auth/sign-in-methods.server";
import type { AppServices } from "../context.server";
import { clientIpOf } from "../limits/rate-limit.server";
import { startLinking } from "../providers/links.server";
import { listSignInProviders } from "../providers/registry.server";
import { isFreshSignIn, NEEDS_FRESH_SIGN_IN } from "../session/freshness.server";
import { signOut } from "../session/session.server";
import { revokeOtherSessions, revokeSessionById } from "../session/sessions.server";
import { changePassword, deleteAccount, setPassword, updateName } from "./account-settings.server";
import { renamePasskey } from "./passkeys.server";

/**
 * The dashboard's form posts, each a plain form that also works without
 * JavaScript. Runs the intent against better-auth with the request's own
 * headers (its session cookie, client IP and user agent), and answers the
 * outcome with any cookie it set; provider linking and "sign in again"
 * answer redirects.
 */
export async function runDashboardAction(services: AppServices, request: Request, signedIn: AuthSession) {
  const form = await readForm(request, {
    intent: z.enum(DASHBOARD_INTENTS).optional().catch(undefined),
    id: text,
    provider: text,
    name: text,
    currentPassword: text,
    newPassword: text,
    password: text,
    newEmail: text,
  });
  const { intent } = form;
  const target = form.id ?? form.provider ?? null;
  const answer = (outcome: Outcome) =>
    respond<DashboardActionData>(outcome, {
      intent: intent ?? null,
      target,
      ok: outcome.ok,
      message: outcome.message,
      ...(!outcome.ok && outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}),
      ...(!outcome.ok && outcome.signInAgain ? { signInAgain: true } : {}),
    });
  if (!intent) return answer(refused(400, "Unknown request."));

  // Password checks (changing it, deleting the account) count against the
  // account's failure budget inside better-auth (password-attempts.server.ts).
  const { auth, env, db, mail } = services;
  const { headers } = request;
  const { user, session } = signedIn;

  const providers = listSignInProviders(env.providers);
  // Removing a way to sign in: who, how recently signed in, which providers count.
  const change = { userId: user.id, session, configured: providers.map((provider) => provider.id) };
  switch (intent) {
    case "update-name":
      return answer(await updateName(auth, headers, { name: form.name }));
    case "change-password":
      return answer(
        await changePassword({ auth, db }, headers, user.id, {
          currentPassword: form.currentPassword,
          newPassword: form.newPassword,
        }),
      );
    case "set-password":
      return answer(await setPassword(auth, headers, signedIn, { newPassword: form.newPassword }));
    case "revoke-session":
      return answer(
        await revokeSessionById(db, headers, {
          userId: user.id,
          currentId: session.id,
          sessionId: form.id ?? "",
        }),
      );
    case "revoke-other-sessions":
      return answer(await revokeOtherSessions(db, headers, { userId: user.id, currentId: session.id }));
    case "link-provider": {
      const provider = findProvider(providers, form.provider);
      if (!provider) return answer(refused(400, "This provider is not available."));
      const started = await startLinking(auth, headers, provider);
      if (!started.ok) return answer(started);
      throw redirectWithCookies(started.url, started.setCookie);
    }
    case "unlink-provider": {
      const id = form.provider ?? "";
      const name = id === "credential" ? "Password" : (findProvider(providers, id)?.name ?? id);
      const target = { kind: "account", providerId: id } as const;
      return answer(await removeSignInMethod(db, headers, change, target, name, mail.sendSignInChangeNotice));
    }
    case "add-passkey":
      return answer(refused(400, "Adding a passkey needs JavaScript in this browser."));
    case "rename-passkey":
      return answer(await renamePasskey(auth, headers, form.id ?? "", form.name));
    case "delete-passkey":
      return answer(
        await removeSignInMethod(
          db,
          headers,
          change,
          { kind: "passkey", id: form.id ?? "" },
          "Passkey",
          mail.sendSignInChangeNotice,
        ),
      );
    case "delete-account": {
      const outcome = await deleteAccount(auth, headers, { password: form.password });
      if (!outcome.ok) return answer(outcome);
      throw redirectWithCookies("/", outcome.setCookie);
    }
    case "resend-verification":
      return answer(await resendVerification(services, request, user));
    case "change-email":
      return answer(await changeEmail(services, request, signedIn, form.newEmail));
    case "sign-in-again":
      throw redirectWithCookies(signInPathFor(DEFAULT_SIGNED_IN_PATH), await signOut(auth, headers));
  }
}

/**
 * "Change email address": wants a recent sign-in, then mails a link to the
 * new address (`requestEmailChange`), at most a few per IP, per account
 * and per new address.
 */
async function changeEmail(
  { mail, rateLimits }: AppServices,
  request: Request,
  { user, session }: AuthSession,
  typed: string | undefined,
): Promise<Outcome> {
  if (!isFreshSignIn(session)) return NEEDS_FRESH_SIGN_IN;
  const parsed = emailAddress.safeParse(typed ?? "");
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Enter a valid email address.";
    return refused(400, message, { newEmail: message });
  }
  const refusal = emailChangeRefusal(user, parsed.data);
  if (refusal) return refusal;
  const forIp = await rateLimits.ip(clientIpOf(request));
  // Apart: the changes this account asked for, and those into this address (whoever asked).
  const forAccount = forIp.allowed ? await rateLimits.emailChange(user.id) : forIp;
  const limit = forAccount.allowed ? await rateLimits.address("email-change", parsed.data) : forAccount;
  return overLimit(limit, "address changes") ?? requestEmailChange(mail, user, parsed.data);
}

/** "Resend" on the unverified-address banner: a fresh link, limited per IP and per address. */
async function resendVerification(
  { mail, rateLimits }: AppServices,
  request: Request,
  user: { id: string; email: string; name: string; emailVerified: boolean },
): Promise<Outcome> {
  if (user.emailVerified) return refused(400, "Your email address is already verified.");
  const forIp = await rateLimits.ip(clientIpOf(request));
  const limit = forIp.allowed ? await rateLimits.address("verification-email", user.email) : forIp;
  const refusal = overLimit(limit, "verification mails");
  if (refusal) return refusal;
  await mail.sendVerification(user);
  return done(`We sent a new link to ${user.email}.`);
}
