import type { FailureBudget, Ticket } from "../limits/failure-budget.server";
import type { AuthRateLimits, RateLimitResult } from "../limits/rate-limit.server";

/** Who tries a code: the client IP the edge resolved, the request's address, and whether this is the browser that asked. */
export type CodeTry = { ip: string; email: string; fromThisBrowser: boolean };

/** A try let through: `settle` gives its claims back unless the code was wrong, so only wrong codes count. */
export type ClaimedTry = { allowed: true; settle: (wrongCode: boolean) => Promise<void> };

/** A try refused unchecked: how long its client or address still waits. */
export type Held = { allowed: false; retryAfterSeconds: number };

/**
 * The wrong-code budgets of email-first sign-up (`AuthRateLimits.signUpCodes`),
 * one per client IP and one per address, each with back-off. Every try
 * claims from both before its code is checked, and a right code gives them
 * back, so only wrong codes count, and a burst cannot slip in before the
 * first is counted.
 *
 * Past a budget, a try from any browser but the one that asked is refused
 * unchecked (`429`), and so is a new request (`mayAsk`). A try from the
 * browser that asked (its signed `HttpOnly` cookie) is always checked:
 * its request's own 5 tries are its budget, so its right code always gets
 * in, whoever burnt the client's or the address's budget. What that leaves
 * a guesser is 5 tries a request, and the requests they may open.
 */
export function signUpCodeLimits({
  signUpCodes: { byClient, byAddress },
}: Pick<AuthRateLimits, "signUpCodes">) {
  const budgetsOf = ({ ip, email }: Pick<CodeTry, "ip" | "email">) => [
    { budget: byClient, key: ip },
    { budget: byAddress, key: email },
  ];
  return {
    /** Claims a try before its code is checked; refused past a budget unless it comes from the browser that asked. */
    async claim(codeTry: CodeTry): Promise<ClaimedTry | Held> {
      const granted: { budget: FailureBudget; ticket: Ticket }[] = [];
      const giveBack = () => Promise.all(granted.map(({ budget, ticket }) => budget.refund(ticket)));
      for (const { budget, key } of budgetsOf(codeTry)) {
        const claim = await budget.claim(key);
        if (claim.allowed) granted.push({ budget, ticket: claim.ticket });
        else if (!codeTry.fromThisBrowser) {
          await giveBack();
          return { allowed: false, retryAfterSeconds: claim.retryAfterSeconds };
        }
      }
      return {
        allowed: true,
        settle: async (wrongCode) => {
          if (!wrongCode) await giveBack();
        },
      };
    },
    /**
     * Whether this client may open a new request for `email`: not while the
     * client or the address waits out its back-off (each new request is 5
     * more tries). Counts nothing: a granted claim is given back at once.
     */
    async mayAsk(asking: Pick<CodeTry, "ip" | "email">): Promise<RateLimitResult> {
      for (const { budget, key } of budgetsOf(asking)) {
        const claim = await budget.claim(key);
        if (!claim.allowed) return { allowed: false, retryAfterSeconds: claim.retryAfterSeconds };
        await budget.refund(claim.ticket);
      }
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}
