import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { SIGN_UP_CODE_DIGITS, SIGN_UP_CODE_SECONDS, SIGN_UP_CODE_TRIES } from "~/lib/constants";
import type { Database } from "../../../db/schema";
import { signInRefusal } from "../feature-hooks.server";
import { hashPasswordInTurn } from "../limits/password-hashing.server";
import type { AccountMail } from "./account-mail.server";

/** The code of a request as stored: an HMAC with the app's secret, so a copy of the database cannot test guesses. */
const hashCode = (secret: string, id: string, code: string) =>
  createHmac("sha256", secret).update(`${id}:${code}`).digest("base64url");

/** Six random digits, written together ("042917"). */
const newCode = () => String(randomInt(0, 10 ** SIGN_UP_CODE_DIGITS)).padStart(SIGN_UP_CODE_DIGITS, "0");

/** The code as typed or pasted ("042 917", "042-917"): its digits, or null when they are not six. */
export function codeFrom(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const digits = input.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${SIGN_UP_CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** What `requestSignUp` needs: the mails (and their transaction), and the app's secret. */
type SignUpServices = { mail: AccountMail; secret: string };

/**
 * "Create account", email first: nothing is created yet. The password is
 * hashed, a six-digit code made, and in one transaction the request is
 * stored with the mail: the code and a link to a fresh address, or, when
 * the address already has an account, a notice to its owner instead (which
 * says so when that account may not sign in now: a suspension). The
 * request belongs to the browser that asked (`requesterHash`): it replaces
 * only that browser's earlier request for the address, whose wrong tries
 * it keeps, never someone else's. The requester's answer is the same
 * either way (same page, same status, the same work done), so the page
 * tells nobody whether an address has an account. Returns the request's
 * id, for the "Check your inbox" page; or, while this browser's last
 * request for the address is void from wrong codes, how long until it
 * expires (asking again gives no new tries).
 */
export async function requestSignUp(
  { mail, secret }: SignUpServices,
  input: { name: string; email: string; password: string; redirectTo: string; requesterHash: string },
): Promise<{ id: string } | { retryAfterSeconds: number }> {
  const id = randomUUID();
  const code = newCode();
  const passwordHash = await hashPasswordInTurn(input.password);
  const now = new Date();
  return mail.transaction(async (trx) => {
    const spent = await trx
      .selectFrom("pendingSignUp")
      .select("expiresAt")
      .where("email", "=", input.email)
      .where("requesterHash", "=", input.requesterHash)
      .where("tries", ">=", SIGN_UP_CODE_TRIES)
      .where("expiresAt", ">", now)
      .orderBy("expiresAt", "desc")
      .executeTakeFirst();
    if (spent) {
      return { retryAfterSeconds: Math.ceil((spent.expiresAt.getTime() - now.getTime()) / 1000) };
    }
    const taken = await trx
      .selectFrom("user")
      .select("id")
      .where("email", "=", input.email)
      .executeTakeFirst();
    const replaced = await trx
      .deleteFrom("pendingSignUp")
      .where("email", "=", input.email)
      .where("requesterHash", "=", input.requesterHash)
      .returning(["tries", "expiresAt"])
      .execute();
    const triesSoFar = Math.max(
      0,
      ...replaced.filter((row) => row.expiresAt.getTime() > now.getTime()).map((row) => row.tries),
    );
    await trx
      .insertInto("pendingSignUp")
      .values({
        id,
        email: input.email,
        name: input.name,
        passwordHash,
        // For a taken address the code is never mailed: no try can match it.
        codeHash: hashCode(secret, id, taken ? newCode() + randomUUID() : code),
        tries: triesSoFar,
        redirectTo: input.redirectTo,
        expiresAt: new Date(now.getTime() + SIGN_UP_CODE_SECONDS * 1000),
        createdAt: now,
        requesterHash: input.requesterHash,
      })
      .execute();
    if (taken) await mail.queueSignUpAttempt(trx, input.email, await signInRefusal(trx, taken.id));
    else await mail.queueSignUpCode(trx, input.email, { id, code });
    return { id };
  });
}

/**
 * A request the "Check your inbox" page can show: unexpired, not void.
 * `fromThisBrowser`: the browser asking is the one that made the request
 * (its password is used); any other must choose one.
 */
export async function findPendingSignUp(db: Kysely<Database>, id: unknown, requesterHash: string | null) {
  if (typeof id !== "string" || id.length > 100) return null;
  const row = await db
    .selectFrom("pendingSignUp")
    .select(["id", "email", "tries", "expiresAt", "requesterHash"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.expiresAt.getTime() <= Date.now() || row.tries >= SIGN_UP_CODE_TRIES) return null;
  const fromThisBrowser = row.requesterHash !== null && row.requesterHash === requesterHash;
  return { id: row.id, email: row.email, fromThisBrowser };
}

/**
 * "Resend code": a new code for the same request (the old one stops
 * working), mailed again, valid 15 minutes from now. Wrong tries so far
 * still count. False when the request is gone.
 */
export async function resendSignUpCode({ mail, secret }: SignUpServices, id: string): Promise<boolean> {
  const code = newCode();
  return mail.transaction(async (trx) => {
    const row = await trx
      .selectFrom("pendingSignUp")
      .select(["email", "tries", "expiresAt"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row || row.tries >= SIGN_UP_CODE_TRIES) return false;
    const taken = await trx.selectFrom("user").select("id").where("email", "=", row.email).executeTakeFirst();
    await trx
      .updateTable("pendingSignUp")
      .set({
        codeHash: hashCode(secret, id, taken ? newCode() + randomUUID() : code),
        expiresAt: new Date(Date.now() + SIGN_UP_CODE_SECONDS * 1000),
      })
      .where("id", "=", id)
      .execute();
    if (taken) await mail.queueSignUpAttempt(trx, row.email, await signInRefusal(trx, taken.id));
    else await mail.queueSignUpCode(trx, row.email, { id, code });
    return true;
  });
}

/** Why a code did not create the account: a wrong code says how many tries its request has left (0: void now). */
export type CodeRefusal =
  | { code: "CODE_EXPIRED" }
  | { code: "WRONG_CODE"; triesLeft: number }
  | { code: "CHOOSE_PASSWORD" };

type Created = { userId: string; redirectTo: string };

/** The name and password hash chosen in a browser other than the one that asked. */
type ChosenHere = { name: string; passwordHash: string };

/**
 * Checks a code and, when it is right, creates the account in one
 * transaction: every request for the address is used up (deleted: single
 * use), the user made with the address verified (the code proved the
 * mailbox) and the password account. The name and password are the ones
 * chosen with the request when the code comes back from the browser that
 * asked (`requesterHash`); from any other, the ones chosen there
 * (`chosenHere`), never a stranger's. A wrong code counts a try; the fifth
 * voids the request. The wrong-code budgets of clients and addresses are
 * the caller's (`sign-up-code-limits.server.ts`).
 */
export async function redeemSignUpCode(
  kysely: Kysely<Database>,
  secret: string,
  input: { id: string; code: string; requesterHash: string | null; chosenHere?: ChosenHere },
): Promise<Created | CodeRefusal> {
  return kysely.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("pendingSignUp")
      .selectAll()
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (!row || row.expiresAt.getTime() <= Date.now() || row.tries >= SIGN_UP_CODE_TRIES) {
      return { code: "CODE_EXPIRED" } as const;
    }
    const fromThisBrowser = row.requesterHash !== null && row.requesterHash === input.requesterHash;
    const chosen = fromThisBrowser ? { name: row.name, passwordHash: row.passwordHash } : input.chosenHere;
    if (!chosen) return { code: "CHOOSE_PASSWORD" } as const;
    const expected = Buffer.from(row.codeHash);
    const given = Buffer.from(hashCode(secret, row.id, input.code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await trx
        .updateTable("pendingSignUp")
        .set((eb) => ({ tries: eb("tries", "+", 1) }))
        .where("id", "=", row.id)
        .execute();
      return { code: "WRONG_CODE", triesLeft: SIGN_UP_CODE_TRIES - row.tries - 1 } as const;
    }
    const used = await trx.deleteFrom("pendingSignUp").where("id", "=", row.id).executeTakeFirst();
    if (Number(used.numDeletedRows) !== 1) return { code: "CODE_EXPIRED" } as const;
    // The address is proven: every other request for it (a stranger's too) is void.
    await trx.deleteFrom("pendingSignUp").where("email", "=", row.email).execute();
    // The address found an account meanwhile (a provider's sign-in, say): nothing to create.
    const taken = await trx.selectFrom("user").select("id").where("email", "=", row.email).executeTakeFirst();
    if (taken) return { code: "CODE_EXPIRED" } as const;
    const userId = randomUUID();
    const now = new Date();
    await trx
      .insertInto("user")
      .values({
        id: userId,
        name: chosen.name,
        email: row.email,
        emailVerified: true,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await trx
      .insertInto("account")
      .values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: chosen.passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return { userId, redirectTo: row.redirectTo };
  });
}
