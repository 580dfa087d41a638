/**
 * How two-step sign-in joins the core's sign-in (`AuthExtensions.signInStep`):
 * which accounts take the code step, where the browser goes for it, and the
 * endpoints that finish it; and what the first proof of an account's
 * mailbox takes away of it (`AuthExtensions.onMailboxClaimed`).
 */
import type { Kysely } from "kysely";
import type { SignInStep } from "~/server/auth/auth-extensions";
import type { Database } from "../../../db/schema";
import { secondStepPath, TWO_FACTOR_PATH } from "./constants";
import * as m from "./messages";
import {
  forgetTrustedBrowsers,
  isFirstStepOnly,
  VERIFY_APP_CODE,
  VERIFY_RECOVERY_CODE,
} from "./two-factor.server";

/** Whether the account asks for a code at sign-in (its flag, as the database has it now). */
export async function asksForCode(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("twoFactorEnabled")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.twoFactorEnabled === true;
}

/**
 * Its words are getters: each is read where it is said (a refusal, a page,
 * the activity log, the owner's mail), in that moment's language.
 */
export const codeStep: SignInStep = {
  requiredFor: asksForCode,
  get passkeyRefusal() {
    return m.passkeyRefusal();
  },
  // better-auth's `twoFactor` plugin answers a right password with this instead of a session.
  pausedBy: (answer) => "twoFactorRedirect" in answer,
  path: secondStepPath,
  afterReset: {
    // The mailbox alone is not enough: the code comes next.
    path: TWO_FACTOR_PATH,
    get description() {
      return m.afterResetDescription();
    },
    get label() {
      return m.afterResetLabel();
    },
  },
  isFirstStepOnly: (ctx, userId) => isFirstStepOnly(ctx as Parameters<typeof isFirstStepOnly>[0], userId),
  methods: {
    [VERIFY_APP_CODE]: {
      method: "authenticator",
      get name() {
        return m.methodAuthenticatorCode();
      },
    },
    // A recovery code is the way in of a lost phone, or of someone who found the codes: the owner is told.
    [VERIFY_RECOVERY_CODE]: {
      method: "recovery-code",
      get name() {
        return m.methodRecoveryCode();
      },
      notify: {
        kind: "recovery-code-used",
        get what() {
          return m.recoveryCodeUsed();
        },
        get meaning() {
          return m.recoveryCodeUsedMeaning();
        },
      },
    },
  },
};

/**
 * Takes away the account's two-step sign-in: the secret and recovery codes
 * (confirmed or not), the flag that makes sign-in ask for a code, and the
 * browsers trusted to skip it. Whoever set it up holds its authenticator
 * and recovery codes: the owner would be asked for a stranger's codes.
 * Its line for the mail and the page when it was on.
 */
export async function removeTwoStep(trx: Kysely<Database>, userId: string): Promise<string[]> {
  const secrets = await trx
    .deleteFrom("twoFactor")
    .where("userId", "=", userId)
    .returning("verified")
    .execute();
  const flag = await trx
    .updateTable("user")
    .set({ twoFactorEnabled: false })
    .where("id", "=", userId)
    .where("twoFactorEnabled", "=", true)
    .executeTakeFirst();
  await forgetTrustedBrowsers(trx, userId);
  const wasOn = Number(flag.numUpdatedRows) > 0 || secrets.some((row) => row.verified);
  return wasOn ? [m.removedTwoStep()] : [];
}
