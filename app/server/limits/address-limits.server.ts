import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { emailAddress } from "~/lib/fields";
import * as m from "../messages";
import type { Words } from "../words.server";
import { type AddressKind, type AuthRateLimits, tooManyAttemptsError } from "./rate-limit.server";

/** Endpoints limited per email address, and what the refusal calls the attempts. */
const LIMITED: Record<string, { kind: AddressKind; what: Words }> = {
  "/sign-up/email": { kind: "sign-up", what: m.attemptsSignUp },
  // Nobody floods a mailbox with reset links.
  "/request-password-reset": { kind: "password-reset", what: m.attemptsResetRequests },
};

/**
 * better-auth plugin: the per-address limits, counted on the address as the
 * field rules pass it on (`emailAddress`), at every door. Past the limit:
 * `429` with `Retry-After`. The per-IP limit is counted before, by the page
 * or the HTTP edge that took the request.
 */
export function addressLimits(rateLimits: Pick<AuthRateLimits, "address">) {
  return {
    id: "address-limits",
    hooks: {
      before: [
        {
          matcher: (ctx) => Boolean(ctx.path && Object.hasOwn(LIMITED, ctx.path)),
          handler: createAuthMiddleware(async (ctx) => {
            const { kind, what } = LIMITED[ctx.path ?? ""] as (typeof LIMITED)[string];
            const email = emailAddress.safeParse((ctx.body as { email?: unknown } | undefined)?.email);
            if (!email.success) return; // The field rules refuse it.
            const result = await rateLimits.address(kind, email.data);
            if (!result.allowed) throw tooManyAttemptsError(result.retryAfterSeconds, what);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
