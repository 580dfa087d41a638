/**
 * What the account page's forms refuse, in the words both sides use: the
 * server's refusal (./account-actions.server.ts) and the page's note where
 * it leaves a form out (./account-action-cards.tsx). Each is read when it
 * is said, in the reader's language.
 */
import * as m from "./messages";

export const ACCOUNT_RULES = {
  get notOnYourself() {
    return m.ruleNotOnYourself();
  },
  get listed() {
    return m.ruleListed();
  },
  get unverified() {
    return m.ruleUnverified();
  },
  get suspended() {
    return m.ruleSuspended();
  },
};
