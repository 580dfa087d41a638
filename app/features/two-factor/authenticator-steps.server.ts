/** One use per authenticator code: the time step of a code, and the account's last accepted step kept in the database. */
import { timingSafeEqual } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { type SymmetricDecryptOptions, symmetricDecrypt } from "better-auth/crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";

/** Authenticator codes as the app makes them (RFC 6238): six digits, a new one every 30 seconds. */
export const AUTHENTICATOR_CODES = { digits: 6, period: 30 } as const;

/**
 * How many steps either side of now a code may come from: better-auth's
 * `verify-totp` accepts the codes of the step before and the step after
 * (its `window`, which it does not let us change), for clocks that drift.
 */
const DRIFT_STEPS = 1;

/** better-auth's mark of a secret imported from elsewhere, kept as base32 text. */
const BASE32_PREFIX = "base32:";

/** The account's authenticator secret as `verify-totp` reads it: decrypted, an imported one decoded. */
async function decryptSecret(key: SymmetricDecryptOptions["key"], stored: string) {
  const secret = await symmetricDecrypt({ key, data: stored });
  return secret.startsWith(BASE32_PREFIX)
    ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase())
    : secret;
}

/**
 * The time step (RFC 6238's T) whose code `code` is, among the steps
 * `verify-totp` accepts at `now`; null when it is none of theirs. Every
 * step is compared, in constant time, so the answer's timing says nothing.
 */
export async function stepOfCode(
  secret: string | Uint8Array,
  code: string,
  now = Date.now(),
): Promise<number | null> {
  const otp = createOTP(secret, AUTHENTICATOR_CODES);
  const current = Math.floor(now / (AUTHENTICATOR_CODES.period * 1000));
  const typed = Buffer.from(code);
  let matched: number | null = null;
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step += 1) {
    const expected = Buffer.from(await otp.hotp(step));
    if (typed.length === expected.length && timingSafeEqual(typed, expected)) matched = step;
  }
  return matched;
}

/**
 * What `claimCodeStep` found: the code's step is used up now (`claimed`), a
 * code of this step or a later one was accepted before (`replayed`), or the
 * code is no current one (`no-match`: `verify-totp` refuses it as wrong).
 */
export type StepClaim = "claimed" | "replayed" | "no-match";

/**
 * Uses an authenticator code of the account up, before better-auth checks
 * it: a code is accepted only for a time step later than the last one
 * accepted, so each works once and none older than it works at all (RFC
 * 6238, §5.2). One conditional update in the database: two instances, or
 * two requests at once, cannot both win the same step, and a restart
 * forgets nothing. Claimed before the check, a step stays used even when
 * better-auth then refuses the request for another reason (a sign-in that
 * waited too long): the next code works. Recovery codes are not this
 * module's: each is deleted once used.
 */
export async function claimCodeStep(
  db: Kysely<Database>,
  key: SymmetricDecryptOptions["key"],
  userId: string,
  code: string,
): Promise<StepClaim> {
  const row = await db
    .selectFrom("twoFactor")
    .select("secret")
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!row) return "no-match";
  const step = await stepOfCode(await decryptSecret(key, row.secret), code);
  if (step === null) return "no-match";
  const claimed = await db
    .updateTable("twoFactor")
    .set({ lastStep: step })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("lastStep", "is", null), eb("lastStep", "<", step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? "claimed" : "replayed";
}
