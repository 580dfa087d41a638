import { expect, test } from "vitest";
import { MAIL_RATE_LIMIT_PER_ACCOUNT } from "~/lib/constants";
import { createAuthRateLimits } from "~/server/limits/rate-limit.server";
import { CHANGES_ASKED_BY_ACCOUNT, CHANGES_INTO_ADDRESS } from "./limits.server";

/** The budgets of email changes: a few per window, the account's and the new address's apart. */

test("the email changes an account asks for and those into an address are counted apart", async () => {
  const limits = createAuthRateLimits();
  // Someone asks to move into an address written like the account's user id: the account's own budget stays.
  for (let i = 0; i < MAIL_RATE_LIMIT_PER_ACCOUNT; i += 1) {
    expect((await limits.hit(CHANGES_INTO_ADDRESS, "user-1")).allowed).toBe(true);
  }
  expect((await limits.hit(CHANGES_INTO_ADDRESS, "user-1")).allowed).toBe(false);
  expect((await limits.hit(CHANGES_ASKED_BY_ACCOUNT, "user-1")).allowed).toBe(true);
});
