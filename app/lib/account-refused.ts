import * as m from "./messages";

/**
 * What every way in answers an account that may not sign in now
 * (`ACCOUNT_REFUSED_CODE` in ./constants.ts: a suspension), in the reader's
 * language: called when the answer is made, never kept. Apart from
 * ./constants.ts, which the build's own scripts import and which holds no messages.
 */
export const accountRefusedMessage = (): string => m.accountRefused();
