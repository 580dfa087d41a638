import { NOT_FRESH_SIGN_IN_CODE, SESSION_FRESH_AGE_SECONDS } from "~/lib/constants";
import type { Refusal } from "../action-kit.server";
import * as m from "../messages";

/**
 * A fresh sign-in: some changes (removing a way in, deleting an account
 * without a password, changing the email address, two-step settings) want
 * a session signed in within the last few minutes, not only a valid one.
 */

const FRESH_MINUTES = Math.round(SESSION_FRESH_AGE_SECONDS / 60);

/** Whether the session was signed in within `SESSION_FRESH_AGE_SECONDS` (better-auth's `freshAge`). */
export function isFreshSignIn(session: { createdAt: Date }): boolean {
  return Date.now() - session.createdAt.getTime() <= SESSION_FRESH_AGE_SECONDS * 1000;
}

/** The code better-auth answers a change with when the session was signed in too long ago (`freshSignInToAddAWayIn`). */
export const NOT_FRESH_CODE = NOT_FRESH_SIGN_IN_CODE;

/** The refusal of a change that needs a sign-in from the last few minutes (its message is said in the reader's language). */
export const NEEDS_FRESH_SIGN_IN: Refusal = {
  ok: false,
  status: 403,
  get message() {
    return m.needsFreshSignIn({ minutes: FRESH_MINUTES });
  },
  signInAgain: true,
};
