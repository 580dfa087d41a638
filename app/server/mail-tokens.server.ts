import { randomBytes } from "node:crypto";
import type { InternalAdapter } from "@better-auth/core";

/**
 * What a mailed link can do. `reset-password` tokens are made by
 * better-auth itself (its `/request-password-reset`); the other two are ours.
 */
export type MailTokenPurpose = "reset-password" | "verify-email" | "sign-out-everywhere";

/** Prefixes of the verification rows holding mailed tokens: better-auth stores these hashed. */
export const HASHED_TOKEN_PREFIXES: readonly `${MailTokenPurpose}:`[] = [
  "reset-password:",
  "verify-email:",
  "sign-out-everywhere:",
];

/** Only what a token of ours (or better-auth's) can look like reaches the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

type TokenStore = Pick<
  InternalAdapter,
  "createVerificationValue" | "findVerificationValue" | "consumeVerificationValue"
>;

const identifierOf = (purpose: MailTokenPurpose, token: string) => `${purpose}:${token}`;

/**
 * Makes a single-use token for a mailed link: 256 random bits, kept in
 * better-auth's `verification` table only as a SHA-256 hash
 * (`verification.storeIdentifier` in auth.server.ts), so a copy of the
 * database opens no one's account. The row holds the user's id.
 */
export async function issueMailToken(
  store: TokenStore,
  purpose: Exclude<MailTokenPurpose, "reset-password">,
  userId: string,
  validSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await store.createVerificationValue({
    identifier: identifierOf(purpose, token),
    value: userId,
    expiresAt: new Date(Date.now() + validSeconds * 1000),
  });
  return token;
}

/**
 * The user a token is for while it is unused and unexpired, without using
 * it: the page behind a link says at once when the link no longer works.
 */
export async function peekMailToken(
  store: TokenStore,
  purpose: MailTokenPurpose,
  token: unknown,
): Promise<string | null> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const row = await store.findVerificationValue(identifierOf(purpose, token));
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return row.value;
}

/**
 * Uses a token up: the user it was for, or null when it is unknown, used or
 * expired. better-auth deletes the row atomically, so two clicks racing
 * each other get one success between them.
 */
export async function consumeMailToken(
  store: TokenStore,
  purpose: Exclude<MailTokenPurpose, "reset-password">,
  token: unknown,
): Promise<string | null> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const row = await store.consumeVerificationValue(identifierOf(purpose, token));
  return row?.value ?? null;
}
