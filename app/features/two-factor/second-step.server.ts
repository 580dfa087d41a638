/** Checking a code (the app's or a recovery code) with better-auth's `twoFactor` endpoints, with the app's answers. */
import { parseCookies } from "better-auth/cookies";
import { z } from "zod";
import { attempt, done, type Outcome, refused } from "~/server/action-kit.server";
import type { Auth } from "~/server/auth/auth.server";
import { pluginApi } from "~/server/auth/plugin-api.server";
import * as m from "./messages";
import type { CodeKind } from "./two-factor";
import {
  CODE_ALREADY_USED,
  normalizeRecoveryCode,
  recoveryCodeHash,
  SECOND_STEP_COOKIE,
  type twoStepSignIn,
} from "./two-factor.server";

/**
 * The plugin's code endpoints on `auth.api`: the core adds the plugin
 * through `AuthExtensions.plugins`, so `Auth`'s type does not list them.
 */
const codeEndpoints = (auth: Auth) => pluginApi<typeof twoStepSignIn>(auth);

const APP_CODE_SHAPE = /^\d{6}$/;

/** The field's answer when what was typed cannot be a code of its kind (called in the request's language). */
const NOT_A_CODE: Record<CodeKind, () => string> = {
  app: m.notAnAppCode,
  recovery: m.notARecoveryCode,
};

const WRONG_CODE: Record<CodeKind, () => string> = {
  app: m.wrongAppCode,
  recovery: m.wrongRecoveryCode,
};

const codeField = z.string().max(100).catch("");

/**
 * What the person typed, as the endpoint is given it: an authenticator code
 * as its six digits (spaces dropped), a recovery code as the hash it is
 * stored under; null when it cannot be one.
 */
async function codeForEndpoint(auth: Auth, kind: CodeKind, typed: unknown): Promise<string | null> {
  const text = codeField.parse(typed);
  if (kind === "app") {
    const digits = text.replace(/\s/g, "");
    return APP_CODE_SHAPE.test(digits) ? digits : null;
  }
  const code = normalizeRecoveryCode(text);
  return code && recoveryCodeHash((await auth.$context).secret, code);
}

/** Which kind a code typed on the dashboard is: six digits are the app's, anything else a recovery code. */
export function kindOfTypedCode(typed: unknown): CodeKind {
  return APP_CODE_SHAPE.test(codeField.parse(typed).replace(/\s/g, "")) ? "app" : "recovery";
}

/**
 * Checks a code with better-auth's `twoFactor` endpoints, with the request's
 * cookies: the pending sign-in's (its signed `two_factor` cookie), or the
 * signed-in person's session on the dashboard. Every check counts against
 * the account's failure budget and an authenticator code works once
 * (`secondStepLimits`). A recovery code, once it worked, is gone. On success
 * the cookies to set come back: at sign-in, the new session (and "trust
 * this browser" when asked).
 */
export async function checkCode(
  auth: Auth,
  headers: Headers,
  input: { kind: CodeKind; code: unknown; trustBrowser?: boolean },
): Promise<Outcome> {
  const { kind } = input;
  const code = await codeForEndpoint(auth, kind, input.code);
  if (!code) {
    const notACode = NOT_A_CODE[kind]();
    return refused(400, notACode, { code: notACode });
  }
  const wrongCode = WRONG_CODE[kind]();
  const wrong = refused(401, wrongCode, { code: wrongCode });
  const expired = refused(410, m.signInExpired());
  const usedAlready = m.codeUsedAlready();
  return attempt(
    async () => {
      const body = { code, trustDevice: input.trustBrowser === true };
      const answer =
        kind === "app"
          ? await codeEndpoints(auth).verifyTOTP({ body, headers, returnHeaders: true })
          : await codeEndpoints(auth).verifyBackupCode({ body, headers, returnHeaders: true });
      return done("", answer.headers.getSetCookie());
    },
    {
      INVALID_CODE: wrong,
      INVALID_BACKUP_CODE: wrong,
      [CODE_ALREADY_USED]: refused(401, usedAlready, { code: usedAlready }),
      INVALID_TWO_FACTOR_COOKIE: expired,
      TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: expired,
      TOTP_NOT_ENABLED: expired,
      BACKUP_CODES_NOT_ENABLED: expired,
    },
  );
}

/** Whether a refusal of `checkCode` means the sign-in must start again from the password. */
export function isExpiredStep(outcome: Outcome): boolean {
  return !outcome.ok && outcome.status === 410;
}

/** Whether this browser is in the middle of a two-step sign-in (it carries the step's cookie; better-auth checks it). */
export async function hasSecondStepCookie(auth: Auth, headers: Headers): Promise<boolean> {
  const { name } = (await auth.$context).createAuthCookie(SECOND_STEP_COOKIE);
  return parseCookies(headers.get("cookie") ?? "").has(name);
}
