import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";
import * as m from "./messages";

/**
 * What every new-password field says of its rules (the server's
 * common-password rule: auth/password-policy.server.ts). A module of its
 * own, without zod: the pages that show it never load the field rules.
 */
export const newPasswordHint = (): string =>
  m.newPasswordHint({ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
