import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../../db/schema";
import { hashPasswordInTurn } from "../limits/password-hashing.server";
import { redeemSignUpCode } from "./sign-up.server";

/** The path of better-auth's (server-only) endpoint that redeems a code and signs the new account in. */
export const CONFIRM_SIGN_UP_ENDPOINT = "/sign-up/confirm";

/**
 * better-auth plugin: the end of email-first sign-up. Its endpoint redeems
 * a code (`redeemSignUpCode`) and signs this browser in like any sign-in
 * (a new session, its cookie, the activity log's "Account created"). The
 * HTTP edge does not route it (server/auth-api.ts): only the confirmation
 * page calls it.
 */
export function emailFirstSignUp(kysely: Kysely<Database>) {
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
          const { chosenHere, ...input } = ctx.body;
          const result = await redeemSignUpCode(kysely, ctx.context.secret, {
            ...input,
            chosenHere: chosenHere && {
              name: chosenHere.name,
              passwordHash: await hashPasswordInTurn(chosenHere.password),
            },
          });
          if ("code" in result) {
            throw new APIError(result.code === "TOO_MANY_WRONG_CODES" ? "TOO_MANY_REQUESTS" : "BAD_REQUEST", {
              code: result.code,
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
