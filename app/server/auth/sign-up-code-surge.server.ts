import type { Kysely } from "kysely";
import { SIGN_UP_CODE_SECONDS } from "~/lib/constants";
import type { Database } from "../../../db/schema";
import { countSignUpCodeFailure, countSignUpCodeSurge } from "../metrics.server";
import type { AuthLog } from "./auth.server";

/**
 * Wrong sign-up codes, app-wide, on the requests of the last
 * `SIGN_UP_CODE_SECONDS`, past which someone is guessing at many
 * addresses at once: an alert for the operator (a warning and
 * `sign_up_code_surges_total`), never a refusal, so no stranger can stop
 * every sign-up by sending wrong codes.
 */
export const SIGN_UP_WRONG_CODES_SURGE = 100;

/** Wrong codes tried, app-wide, on the requests of the last `SIGN_UP_CODE_SECONDS` (voided ones included). */
async function recentWrongCodes(kysely: Kysely<Database>): Promise<number> {
  const since = new Date(Date.now() - SIGN_UP_CODE_SECONDS * 1000);
  const row = await kysely
    .selectFrom("pendingSignUp")
    .select((eb) => eb.fn.sum<number | string | null>("tries").as("tries"))
    .where("expiresAt", ">", since)
    .executeTakeFirst();
  return Number(row?.tries ?? 0);
}

/**
 * Watches wrong sign-up codes: each is counted in `sign_up_code_failures_total`;
 * past `SIGN_UP_WRONG_CODES_SURGE` of them app-wide (counted in the
 * database, so every instance sees every instance's), one warning per
 * window, not one per code. Each instance warns once per window.
 */
export function signUpCodeSurge(kysely: Kysely<Database>, log: AuthLog, now: () => number = Date.now) {
  let quietUntil = 0;
  return {
    async wrongCode(): Promise<void> {
      countSignUpCodeFailure();
      if (now() < quietUntil) return;
      const recent = await recentWrongCodes(kysely);
      // Another wrong code may have warned while this one counted.
      if (recent < SIGN_UP_WRONG_CODES_SURGE || now() < quietUntil) return;
      quietUntil = now() + SIGN_UP_CODE_SECONDS * 1000;
      countSignUpCodeSurge();
      log({
        level: "warn",
        msg: "many wrong sign-up codes",
        detail: `${recent} wrong sign-up codes app-wide in the last ${SIGN_UP_CODE_SECONDS / 60} minutes (alert at ${SIGN_UP_WRONG_CODES_SURGE}); nothing is refused, each client and address waits out its own back-off`,
      });
    },
  };
}
