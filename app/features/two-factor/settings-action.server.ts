/**
 * The two-step sign-in page's form posts (`intent` names each): plain forms
 * that work without JavaScript, each answering its outcome (and the new
 * recovery codes, once) or redirecting back to the page.
 */
import type { Kysely } from "kysely";
import { redirect } from "react-router";
import { z } from "zod";
import { signInPathFor } from "~/lib/redirect";
import {
  done,
  type Outcome,
  readForm,
  redirectWithCookies,
  refused,
  respond,
  text,
} from "~/server/action-kit.server";
import { recordActivity, requestOrigin } from "~/server/auth/activity.server";
import type { Auth, AuthSession } from "~/server/auth/auth.server";
import type { AppServices } from "~/server/context.server";
import { signOut } from "~/server/session/session.server";
import type { Database } from "../../../db/schema";
import { TWO_FACTOR_SETTINGS_PATH } from "./constants";
import {
  confirmSetup,
  renewRecoveryCodes,
  startSetup,
  turnOff,
  type WithRecoveryCodes,
} from "./settings.server";
import { TWO_FACTOR_INTENTS, type TwoFactorActionData } from "./two-factor";
import { forgetTrustedBrowsers } from "./two-factor.server";

/** "Forget trusted browsers": every browser asks for a code at its next sign-in. */
async function forgetBrowsersNow(db: Kysely<Database>, headers: Headers, userId: string): Promise<Outcome> {
  await forgetTrustedBrowsers(db, userId);
  await recordActivity(db, { userId, kind: "trusted-browsers-forgotten", ...requestOrigin(headers) });
  return done("Every browser will ask for a code at its next sign-in.");
}

/** "Cancel" during the setup: the secret no code confirmed is dropped. */
async function cancelSetup(auth: Auth, userId: string): Promise<void> {
  // Through better-auth's adapter, like `startSetup`: it writes the flag each database's way.
  const { adapter } = await auth.$context;
  await adapter.deleteMany({
    model: "twoFactor",
    where: [
      { field: "userId", value: userId },
      { field: "verified", value: false },
    ],
  });
}

/**
 * The two-step sign-in page's form posts, plain forms that work without
 * JavaScript: each answers its outcome (and the new recovery codes, once),
 * or redirects back to the page.
 */
export async function runTwoFactorAction(services: AppServices, request: Request, signedIn: AuthSession) {
  const form = await readForm(request, {
    intent: z.enum(TWO_FACTOR_INTENTS).optional().catch(undefined),
    code: text,
  });
  const { intent = null, code } = form;
  const answer = (outcome: WithRecoveryCodes | Outcome) =>
    respond<TwoFactorActionData>(outcome, {
      intent,
      ok: outcome.ok,
      message: outcome.message,
      ...(outcome.ok && "recoveryCodes" in outcome ? { recoveryCodes: outcome.recoveryCodes } : {}),
      ...(!outcome.ok && outcome.fieldErrors?.code ? { fieldError: outcome.fieldErrors.code } : {}),
      ...(!outcome.ok && outcome.signInAgain ? { signInAgain: true } : {}),
    });
  const { auth, db } = services;
  const { headers } = request;
  switch (intent) {
    case null:
      return answer(refused(400, "Unknown request."));
    case "start": {
      const started = await startSetup(auth, signedIn);
      if (!started.ok) return answer(started);
      throw redirect(TWO_FACTOR_SETTINGS_PATH);
    }
    case "confirm":
      return answer(await confirmSetup(services, headers, signedIn, code));
    case "cancel":
      await cancelSetup(auth, signedIn.user.id);
      throw redirect(TWO_FACTOR_SETTINGS_PATH);
    case "renew-codes":
      return answer(await renewRecoveryCodes(services, headers, signedIn, code));
    case "turn-off":
      return answer(await turnOff(services, headers, signedIn, code));
    case "forget-browsers":
      return answer(await forgetBrowsersNow(db, headers, signedIn.user.id));
    case "sign-in-again":
      throw redirectWithCookies(signInPathFor(TWO_FACTOR_SETTINGS_PATH), await signOut(auth, headers));
  }
}
