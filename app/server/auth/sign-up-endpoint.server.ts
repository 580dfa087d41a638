import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { Kysely } from "kysely";
import { z } from "zod";
import { CLIENT_IP_HEADER } from "~/lib/constants";
import type { Database } from "../../../db/schema";
import { hashPasswordInTurn } from "../limits/password-hashing.server";
import { type AuthRateLimits, tooManyAttemptsError } from "../limits/rate-limit.server";
import * as m from "../messages";
import type { AuthLog } from "./auth.server";
import { findPendingSignUp, redeemSignUpCode } from "./sign-up.server";
import { signUpCodeLimits } from "./sign-up-code-limits.server";
import { signUpCodeSurge } from "./sign-up-code-surge.server";

/** The path of better-auth's (server-only) endpoint that redeems a code and signs the new account in. */
export const CONFIRM_SIGN_UP_ENDPOINT = "/sign-up/confirm";

type CodeDoorOptions = {
  kysely: Kysely<Database>;
  rateLimits: Pick<AuthRateLimits, "signUpCodes">;
  log: AuthLog;
};

/** A code as it comes to the door: the request, the code, the browser, what was chosen elsewhere, the client IP. */
type CodeAtTheDoor = {
  id: string;
  code: string;
  requesterHash: string | null;
  chosenHere?: { name: string; password: string };
  ip: string;
};

/**
 * Where every code is tried: the client's and the address's wrong-code
 * budgets first (a try past one is refused unchecked unless it comes from
 * the browser that asked: `signUpCodeLimits`), then the check
 * (`redeemSignUpCode`); a right code gives its claims back, a wrong one is
 * counted, and app-wide it is watched for a surge (`signUpCodeSurge`).
 * A password chosen here is hashed only for a try let through.
 */
export function signUpCodeDoor({ kysely, rateLimits, log }: CodeDoorOptions) {
  const limits = signUpCodeLimits(rateLimits);
  const surge = signUpCodeSurge(kysely, log);
  return async (secret: string, { ip, chosenHere, ...input }: CodeAtTheDoor) => {
    const pending = await findPendingSignUp(kysely, input.id, input.requesterHash);
    if (!pending) return { code: "CODE_EXPIRED" } as const;
    const claim = await limits.claim({ ip, email: pending.email, fromThisBrowser: pending.fromThisBrowser });
    if (!claim.allowed)
      return { code: "TOO_MANY_WRONG_CODES", retryAfterSeconds: claim.retryAfterSeconds } as const;
    let wrongCode = false;
    try {
      const result = await redeemSignUpCode(kysely, secret, {
        ...input,
        chosenHere: chosenHere && {
          name: chosenHere.name,
          passwordHash: await hashPasswordInTurn(chosenHere.password),
        },
      });
      wrongCode = "code" in result && result.code === "WRONG_CODE";
      return result;
    } finally {
      await claim.settle(wrongCode);
      if (wrongCode) await surge.wrongCode();
    }
  };
}

/**
 * better-auth plugin: the end of email-first sign-up. Its endpoint redeems
 * a code at the door (`signUpCodeDoor`) and signs this browser in like any
 * sign-in (a new session, its cookie, the activity log's "Account created").
 * The HTTP edge does not route it (server/auth-api.ts): only the
 * confirmation page calls it, with the request's headers (the client IP the
 * edge resolved among them).
 */
export function emailFirstSignUp(options: CodeDoorOptions) {
  const tryCode = signUpCodeDoor(options);
  return {
    id: "email-first-sign-up",
    endpoints: {
      confirmSignUp: createAuthEndpoint(
        CONFIRM_SIGN_UP_ENDPOINT,
        {
          method: "POST",
          body: z.object({
            id: z.string().max(100),
            code: z.string().max(40),
            requesterHash: z.string().max(100).nullable(),
            // Chosen in a browser other than the one that asked; the page applied the sign-up rules.
            chosenHere: z.object({ name: z.string().max(200), password: z.string().max(200) }).optional(),
          }),
        },
        async (ctx) => {
          const result = await tryCode(ctx.context.secret, {
            ...ctx.body,
            ip: ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown",
          });
          if ("code" in result) {
            if (result.code === "TOO_MANY_WRONG_CODES") {
              throw tooManyAttemptsError(result.retryAfterSeconds, m.attemptsWrongCodes);
            }
            throw new APIError("BAD_REQUEST", {
              code: result.code,
              // Read by the confirmation page, never shown: the tries left, or the code's reason (its own page).
              message: result.code === "WRONG_CODE" ? String(result.triesLeft) : "This code no longer works.",
            });
          }
          const user = await ctx.context.internalAdapter.findUserById(result.userId);
          if (!user) throw new APIError("BAD_REQUEST", { code: "CODE_EXPIRED" });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ redirectTo: result.redirectTo });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
