/**
 * Two-step sign-in's settings: what its page and the dashboard's card show,
 * and each change (turning it on with a first code, new recovery codes,
 * turning it off), each announced in the activity log and to the owner.
 */
import { createOTP } from "@better-auth/utils/otp";
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import type { Kysely } from "kysely";
import { encode } from "uqr";
import { done, type Outcome, type Refusal, refused } from "~/server/action-kit.server";
import { recordSignInChange } from "~/server/auth/activity.server";
import type { Auth, AuthSession } from "~/server/auth/auth.server";
import type { AppServices } from "~/server/context.server";
import { compiledQuery } from "~/server/db/compiled-query.server";
import { isFreshSignIn, NEEDS_FRESH_SIGN_IN } from "~/server/session/freshness.server";
import type { Database } from "../../../db/schema";
import * as m from "./messages";
import { checkCode, kindOfTypedCode } from "./second-step.server";
import type { TwoFactorSettings, TwoFactorSummary } from "./two-factor";
import {
  forgetTrustedBrowsers,
  newRecoveryCodes,
  recoveryCodesLeft,
  storedRecoveryCodes,
  TRUSTED_BROWSER_PREFIX,
} from "./two-factor.server";

/** A change to two-step sign-in, in the words of the owner's notice: mailed like a change of a way in. */
const CHANGES = {
  "two-factor-enabled": m.changeTurnedOn,
  "two-factor-disabled": m.changeTurnedOff,
  "recovery-codes-replaced": m.changeRecoveryCodesReplaced,
};

/** The activity entry and the owner's notice (with "Not you? Sign out everywhere") of a change to two-step sign-in. */
function announce(
  { db, mail }: Pick<AppServices, "db" | "mail">,
  userId: string,
  kind: keyof typeof CHANGES,
  headers: Headers,
) {
  // A getter: the notice reads it as it is written, in the language the owner reads it in.
  const change = {
    kind,
    get what() {
      return CHANGES[kind]();
    },
  };
  return recordSignInChange(db, userId, change, headers, mail.sendSignInChangeNotice);
}

/** A change that shows the new recovery codes, once. */
type WithRecoveryCodes = Outcome<{ message: string; setCookie?: string[]; shownOnce: string[] }>;

const withCodes = (outcome: Outcome, recoveryCodes: string[]): WithRecoveryCodes =>
  outcome.ok ? { ...outcome, shownOnce: recoveryCodes } : outcome;

/** The rows of this account's trusted browsers that still hold. */
function trustedBrowsersOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("verification")
    .where("identifier", "like", `${TRUSTED_BROWSER_PREFIX}%`)
    .where("value", "=", userId)
    .where("expiresAt", ">", new Date());
}

/** The QR code of an `otpauth://` address, as one SVG path of its dark modules (drawn by the page). */
function qrCodeOf(uri: string): { size: number; path: string } {
  const { data, size } = encode(uri, { border: 0, ecc: "M" });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return { size, path };
}

/**
 * The page's view of two-step sign-in: on or off, and while it is being
 * set up (a secret no code confirmed yet) the secret as the QR code and as
 * text, for the authenticator app; once on, the recovery codes left and
 * the browsers trusted to skip it.
 */
export async function twoFactorSettings(
  { auth, db, env }: Pick<AppServices, "auth" | "db" | "env">,
  user: { id: string; email: string },
): Promise<TwoFactorSettings> {
  const [row, trusted] = await Promise.all([
    db
      .selectFrom("twoFactor")
      .select(["secret", "backupCodes", "verified"])
      .where("userId", "=", user.id)
      .executeTakeFirst(),
    trustedBrowsersOf(db, user.id)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirst(),
  ]);
  const enabled = row?.verified === true;
  if (!row || enabled) {
    return {
      enabled,
      setup: null,
      recoveryCodesLeft: enabled ? recoveryCodesLeft(row?.backupCodes) : 0,
      trustedBrowsers: enabled ? Number(trusted?.count ?? 0) : 0,
    };
  }
  const { secretConfig } = await auth.$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  const uri = createOTP(secret).url(env.APP_NAME, user.email);
  const base32 = new URL(uri).searchParams.get("secret") ?? "";
  return {
    enabled: false,
    setup: { uri, secret: base32.match(/.{1,4}/g)?.join(" ") ?? base32, qr: qrCodeOf(uri) },
    recoveryCodesLeft: 0,
    trustedBrowsers: 0,
  };
}

/**
 * "Turn on": a new secret, encrypted as better-auth keeps it, not yet in
 * force: sign-in asks for codes only once a first code confirmed it.
 * Starting again replaces a secret never confirmed.
 */
export async function startSetup(auth: Auth, { user, session }: AuthSession): Promise<Outcome> {
  if (!isFreshSignIn(session)) return NEEDS_FRESH_SIGN_IN;
  const { adapter, secretConfig } = await auth.$context;
  const where = [{ field: "userId", value: user.id }];
  const existing = await adapter.findOne<{ verified: boolean }>({ model: "twoFactor", where });
  if (existing?.verified) return refused(409, m.alreadyOn());
  const secret = await symmetricEncrypt({ key: secretConfig, data: generateRandomString(32) });
  await adapter.deleteMany({ model: "twoFactor", where });
  await adapter.create({
    model: "twoFactor",
    data: { secret, backupCodes: "[]", userId: user.id, verified: false },
  });
  return done(m.scanWithApp());
}

/** Gives the account a new set of recovery codes (the old ones stop working) and returns them. */
async function replaceCodes(auth: Auth, userId: string): Promise<string[]> {
  const { adapter, secret } = await auth.$context;
  const codes = newRecoveryCodes();
  await adapter.update({
    model: "twoFactor",
    where: [{ field: "userId", value: userId }],
    update: { backupCodes: storedRecoveryCodes(secret, codes) },
  });
  return codes;
}

/**
 * The first code from the app confirms the secret: better-auth turns
 * two-step sign-in on (and renews the session's cookie), then the ten
 * recovery codes are made and shown once. The owner gets a notice, and the
 * activity log an entry.
 */
export async function confirmSetup(
  { auth, db, mail }: Pick<AppServices, "auth" | "db" | "mail">,
  headers: Headers,
  { user, session }: AuthSession,
  code: unknown,
): Promise<WithRecoveryCodes> {
  if (!isFreshSignIn(session)) return NEEDS_FRESH_SIGN_IN;
  const row = await db
    .selectFrom("twoFactor")
    .select("verified")
    .where("userId", "=", user.id)
    .executeTakeFirst();
  if (!row || row.verified) return refused(409, m.startAgain());
  const checked = await checkCode(auth, headers, { kind: "app", code });
  if (!checked.ok) return checked;
  const recoveryCodes = await replaceCodes(auth, user.id);
  await announce({ db, mail }, user.id, "two-factor-enabled", headers);
  return withCodes(done(m.isOn(), checked.setCookie), recoveryCodes);
}

/**
 * A change to two-step sign-in itself (new recovery codes, turning it off)
 * needs a sign-in from the last few minutes and a current code: one from
 * the app, or a recovery code (which is then used up), so a lost phone
 * does not lock the owner in.
 */
async function withCurrentCode(
  auth: Auth,
  headers: Headers,
  session: AuthSession["session"],
  code: unknown,
): Promise<Refusal | null> {
  if (!isFreshSignIn(session)) return NEEDS_FRESH_SIGN_IN;
  const checked = await checkCode(auth, headers, { kind: kindOfTypedCode(code), code });
  return checked.ok ? null : checked;
}

/** "New recovery codes": the old set stops working. */
export async function renewRecoveryCodes(
  { auth, db, mail }: Pick<AppServices, "auth" | "db" | "mail">,
  headers: Headers,
  { user, session }: AuthSession,
  code: unknown,
): Promise<WithRecoveryCodes> {
  const refusal = await withCurrentCode(auth, headers, session, code);
  if (refusal) return refusal;
  const recoveryCodes = await replaceCodes(auth, user.id);
  await announce({ db, mail }, user.id, "recovery-codes-replaced", headers);
  return withCodes(done(m.newRecoveryCodesReady()), recoveryCodes);
}

/** "Turn off": the secret, the recovery codes and every trusted browser are gone. */
export async function turnOff(
  { auth, db, mail }: Pick<AppServices, "auth" | "db" | "mail">,
  headers: Headers,
  { user, session }: AuthSession,
  code: unknown,
): Promise<Outcome> {
  const refusal = await withCurrentCode(auth, headers, session, code);
  if (refusal) return refusal;
  const { adapter, internalAdapter } = await auth.$context;
  await internalAdapter.updateUser(user.id, { twoFactorEnabled: false });
  await adapter.deleteMany({ model: "twoFactor", where: [{ field: "userId", value: user.id }] });
  await forgetTrustedBrowsers(db, user.id);
  await announce({ db, mail }, user.id, "two-factor-disabled", headers);
  return done(m.isOff());
}

/** The dashboard card's line: on or off, and the recovery codes left. */
const twoFactorRowOf = compiledQuery((db, userId: string) =>
  db.selectFrom("twoFactor").select(["backupCodes", "verified"]).where("userId", "=", userId),
);

export async function twoFactorSummary(db: Kysely<Database>, userId: string): Promise<TwoFactorSummary> {
  const [row] = await twoFactorRowOf(db, userId);
  const enabled = row?.verified === true;
  return { enabled, recoveryCodesLeft: enabled ? recoveryCodesLeft(row?.backupCodes) : 0 };
}

/** Which of these accounts have two-step sign-in on (`AuthExtensions.secondFactor`): one query for a page of accounts. */
export async function withTwoStepOn(db: Kysely<Database>, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("twoFactor")
    .select("userId")
    .where("userId", "in", userIds)
    .where("verified", "=", true)
    .execute();
  return new Set(rows.map((row) => row.userId));
}
