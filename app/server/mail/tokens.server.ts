import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { InternalAdapter } from "@better-auth/core";
import type { Kysely } from "kysely";
import { serverFeatures } from "~/features/server.server";
import type { Database } from "../../../db/schema";

const VERIFY_EMAIL_PATH = "/verify-email";

const SIGN_OUT_EVERYWHERE_PATH = "/sign-out-everywhere";

/**
 * What a mailed link can do. `reset-password` tokens are made by
 * better-auth itself (its `/request-password-reset`); the others are ours,
 * the core's and the listed features' (`ServerFeature.mailedLinks`). The
 * purpose is part of every stored token: renaming one voids its links.
 */
export type MailTokenPurpose = "reset-password" | "verify-email" | "sign-out-everywhere" | (string & {});

/** The page each of our mailed links opens, by its purpose: the core's, then the listed features'. */
export function mailedLinkPages(): Readonly<Record<string, string>> {
  const core = { "verify-email": VERIFY_EMAIL_PATH, "sign-out-everywhere": SIGN_OUT_EVERYWHERE_PATH };
  return Object.assign(core, ...serverFeatures().map((feature) => feature.mailedLinks ?? {}));
}

/** How a mailed token's row is named in the database: SHA-256, so a copy of the database opens no one's account. */
function hashIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier).digest("base64url");
}

/**
 * better-auth's `verification.storeIdentifier`: the rows of mailed tokens
 * (its own reset tokens included) are found by the same hash this module
 * writes them with; other values (OAuth states, passkey challenges) are kept as they are.
 */
export function verificationStorage() {
  const prefixes = ["reset-password", ...Object.keys(mailedLinkPages())].map((purpose) => `${purpose}:`);
  return {
    default: "plain" as const,
    overrides: Object.fromEntries(
      prefixes.map((prefix) => [prefix, { hash: async (identifier: string) => hashIdentifier(identifier) }]),
    ),
  };
}

/** Only what a token of ours (or better-auth's) can look like reaches the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

type TokenStore = Pick<InternalAdapter, "findVerificationValue" | "consumeVerificationValue">;

const identifierOf = (purpose: MailTokenPurpose, token: string) => `${purpose}:${token}`;

/**
 * Makes a single-use token for a mailed link: 256 random bits, kept in
 * better-auth's `verification` table only as a hash (`verificationStorage`).
 * The row holds the user's id (`value`: or what else the link carries).
 * Written through `executor`, so the token and the mail carrying it can
 * commit in one transaction.
 */
export async function issueMailToken(
  executor: Kysely<Database>,
  purpose: Exclude<MailTokenPurpose, "reset-password">,
  value: string,
  validSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await executor
    .insertInto("verification")
    .values({
      id: randomUUID(),
      identifier: hashIdentifier(identifierOf(purpose, token)),
      value,
      expiresAt: new Date(now.getTime() + validSeconds * 1000),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
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
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
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
