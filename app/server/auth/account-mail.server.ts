import type { AuthContext, BetterAuthPlugin } from "@better-auth/core";
import type { Kysely } from "kysely";
import { DEFAULT_LOCALE, isLocale, locale } from "~/i18n/runtime";
import {
  CONFIRM_SIGN_UP_PATH,
  DEFAULT_SIGNED_IN_PATH,
  MAIL_TOKEN_PARAM,
  PASSWORD_RESET_TOKEN_SECONDS,
  SESSION_LIFETIME_SECONDS,
  SIGN_IN_PATH,
  SIGN_UP_CODE_SECONDS,
} from "~/lib/constants";
import { type RemovedWaysIn, removedAnything } from "~/lib/removed-ways-in";
import type { Database } from "../../../db/schema";
import type { Env } from "../env.server";
import { signInAccounts } from "../feature-hooks.server";
import type { FeatureSettings } from "../features.server";
import type { MailMessage } from "../mail/mailer.server";
import type { MailOutbox } from "../mail/outbox.server";
import {
  mailboxClaimedMail,
  newDeviceMail,
  passwordResetMail,
  type Recipient,
  type SignInChange,
  type SignInFacts,
  signInChangeMail,
  signUpAttemptMail,
  signUpCodeMail,
  verificationMail,
} from "../mail/templates.server";
import {
  consumeMailToken,
  issueMailToken,
  type MailTokenPurpose,
  mailedLinkPages,
  peekMailToken,
} from "../mail/tokens.server";
import { countSessionsRevoked } from "../metrics.server";
import { claimMailbox } from "./mailbox-proof.server";

/** An email-verification link works once, for this long. */
const EMAIL_VERIFICATION_TOKEN_SECONDS = 24 * 60 * 60;

/**
 * The "Not you? Sign out everywhere" link of a new-device notice works once,
 * for as long as a session can live without being used.
 */
const SIGN_OUT_EVERYWHERE_TOKEN_SECONDS = SESSION_LIFETIME_SECONDS;

const RESET_PASSWORD_PATH = "/reset-password";

type Person = { id: string; email: string; name: string; emailVerified: boolean; locale?: unknown };

/**
 * The mails about an account (reset, verification, new-device notice) and
 * the single-use tokens behind their links. Each mail goes to the outbox
 * table in the same transaction as its link's token. Its `plugin` goes into
 * better-auth: it hands over better-auth's adapter, and mails the
 * verification link after a sign-up with a password, whichever door the
 * sign-up came through (the page's form or the JSON API).
 */
export function accountMail({
  env,
  outbox,
}: {
  env: Pick<Env, "APP_URL" | "APP_NAME"> & FeatureSettings;
  outbox: MailOutbox;
}) {
  let context: AuthContext | undefined;
  /** better-auth's adapter, read at each use: it is rebuilt after the plugins' `init`. */
  const store = () => {
    if (!context) throw new Error("accountMail's plugin is not in the better-auth instance");
    return context.internalAdapter;
  };
  // A mail to an address nobody has proven yet carries nothing its requester typed: no name.
  // In the language the person chose, else the one of the browser that asked (docs/i18n.md):
  // the person who asked is the one the mail goes to.
  const recipient = (user: Person): Recipient => ({
    appName: env.APP_NAME,
    to: user.email,
    name: user.emailVerified ? user.name : null,
    locale: isLocale(user.locale) ? user.locale : locale(),
  });
  // A mail to someone other than the person who asked (a team's other owner, a person an
  // administrator acted on): their chosen language, else the default, never the asker's.
  const otherRecipient = (user: Person): Recipient => ({
    ...recipient(user),
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
  });
  // A mail about an address rather than a person (a code, an attempt, a proof): no name either.
  const toAddress = (to: string): Recipient => ({ appName: env.APP_NAME, to, name: null, locale: locale() });
  const signInUrl = `${env.APP_URL}${SIGN_IN_PATH}`;
  const link = (path: string, token: string) =>
    `${env.APP_URL}${path}?${new URLSearchParams({ [MAIL_TOKEN_PARAM]: token })}`;
  /** A fresh single-use token for `purpose` (written through `trx`, with its mail), as the link to its page. */
  const mailedLink = async (
    trx: Kysely<Database>,
    purpose: Exclude<MailTokenPurpose, "reset-password">,
    value: string,
    validSeconds: number,
  ) => {
    const page = mailedLinkPages()[purpose];
    if (!page) throw new Error(`No page opens mailed links of purpose ${purpose}`);
    return link(page, await issueMailToken(trx, purpose, value, validSeconds));
  };

  /** Mails a fresh verification link (24 h, single use) to an unverified address (an account made before email-first sign-up). */
  async function sendVerification(user: Person) {
    await outbox.transaction(async (trx) => {
      const url = await mailedLink(trx, "verify-email", user.id, EMAIL_VERIFICATION_TOKEN_SECONDS);
      const message = verificationMail(recipient(user), url, EMAIL_VERIFICATION_TOKEN_SECONDS);
      await outbox.enqueue(message, "email-verification", trx);
    });
  }

  const providers = signInAccounts(env);
  /** The change in words people read: the password removed, or a provider by its name. */
  const nameOfProvider = (id: string) => providers.find((candidate) => candidate.id === id)?.name ?? id;
  const nameOf = (change: SignInChange) => {
    if (!("providerId" in change)) return change;
    if (change.providerId === "credential") return { kind: "password-removed" as const };
    return { kind: change.kind, provider: nameOfProvider(change.providerId) };
  };

  /** A notice to the account's owner whose link signs the account out everywhere (once, after a confirmation). */
  async function sendNotice(
    userId: string,
    kind: string,
    compose: (to: ReturnType<typeof recipient>, signOutUrl: string) => MailMessage,
  ) {
    const user = await store().findUserById(userId);
    if (!user) return;
    await outbox.transaction(async (trx) => {
      const url = await mailedLink(trx, "sign-out-everywhere", userId, SIGN_OUT_EVERYWHERE_TOKEN_SECONDS);
      await outbox.enqueue(compose(recipient(user), url), kind, trx);
    });
  }

  return {
    plugin: {
      id: "account-mail",
      init: (ctx) => {
        context = ctx;
      },
    } satisfies BetterAuthPlugin,

    sendVerification,

    /**
     * better-auth's `sendResetPassword`: its token goes into a link to our
     * own page. better-auth has committed the token just before; the page
     * answers only once the mail is written too.
     */
    async sendPasswordReset({ user, token }: { user: Person; token: string }) {
      const url = link(RESET_PASSWORD_PATH, token);
      const message = passwordResetMail(recipient(user), url, PASSWORD_RESET_TOKEN_SECONDS);
      await outbox.enqueue(message, "password-reset");
    },

    /** Tells the person about a sign-in from a browser the account had not seen, with a way out. */
    sendNewDeviceNotice: (userId: string, facts: SignInFacts) =>
      sendNotice(userId, "new-device", (to, url) => newDeviceMail(to, facts, url)),

    /** Tells the person how the way their account signs in changed (and from where), with a way out. */
    sendSignInChangeNotice: (userId: string, change: SignInChange, facts: SignInFacts) =>
      sendNotice(userId, change.kind, (to, url) => signInChangeMail(to, nameOf(change), facts, url)),

    /** Runs `work` in one transaction with the mails it queues (`queueSignUpCode`, `queueSignUpAttempt`). */
    transaction: <T>(work: (trx: Kysely<Database>) => Promise<T>) => outbox.transaction(work),

    /** The code of an email-first sign-up and the link that carries it, to an address nobody has proven yet. */
    async queueSignUpCode(trx: Kysely<Database>, to: string, { id, code }: { id: string; code: string }) {
      const url = `${env.APP_URL}${CONFIRM_SIGN_UP_PATH}?${new URLSearchParams({ id, code })}`;
      const message = signUpCodeMail(toAddress(to), code, url, SIGN_UP_CODE_SECONDS);
      await outbox.enqueue(message, "sign-up-code", trx);
    },

    /**
     * Tells the owner of a taken address that someone tried to create an
     * account with it; `refusal`: why that account may not sign in now.
     */
    async queueSignUpAttempt(trx: Kysely<Database>, to: string, refusal: string | null = null) {
      const message = signUpAttemptMail(toAddress(to), signInUrl, refusal);
      await outbox.enqueue(message, "sign-up-attempt", trx);
    },

    /**
     * For a feature's mails: a fresh single-use link of one of its purposes
     * (`ServerFeature.mailedLinks`), whom a mail greets (by name only once
     * the address is proven; `recipient`: the person who asked, `otherRecipient`:
     * anyone else, in their own language; `toAddress`: an address alone, never named),
     * the sign-in page, and the outbox, written through `trx` with the link.
     */
    mailedLink,
    recipient,
    otherRecipient,
    /** A provider's name as people read it ("GitHub"), by its `providerId`. */
    providerName: nameOfProvider,
    toAddress,
    signInUrl,
    queue: (trx: Kysely<Database>, message: MailMessage, kind: string) => outbox.enqueue(message, kind, trx),

    /** The user an unused, unexpired link's token is for (the link is not used up). */
    peek: (purpose: MailTokenPurpose, token: unknown) => peekMailToken(store(), purpose, token),

    /** Uses a link's token up: the user it was for, or null. */
    consume: (purpose: Exclude<MailTokenPurpose, "reset-password">, token: unknown) =>
      consumeMailToken(store(), purpose, token),

    /**
     * Records that the person reads this mailbox (a verification or reset
     * link was followed). The first time, `claimMailbox` removes every
     * other way in (the features' too) and every session, and the owner is mailed what went, in
     * the same transaction. What was removed (providers by name), or null
     * when the address was already proven.
     */
    async proveMailbox(
      userId: string,
      keepSessionId?: string,
    ): Promise<(RemovedWaysIn & { sessions: number }) | null> {
      const removed = await outbox.transaction(async (trx) => {
        const claimed = await claimMailbox(trx, userId, keepSessionId);
        if (!claimed) return null;
        const removed = {
          fromFeatures: claimed.fromFeatures,
          providers: claimed.providerIds.map((id) => nameOfProvider(id)),
          sessions: claimed.sessions,
        };
        if (!removedAnything(removed)) return removed;
        // Inside the transaction, only `trx` may touch the database (SQLite has one connection).
        const message = mailboxClaimedMail(
          toAddress(claimed.email),
          removed,
          `${env.APP_URL}${DEFAULT_SIGNED_IN_PATH}`,
        );
        await outbox.enqueue(message, "mailbox-claimed", trx);
        return removed;
      });
      // Counted once the transaction has committed: whoever else was signed in is out.
      countSessionsRevoked(removed?.sessions ?? 0);
      return removed;
    },

    /** better-auth's adapter, for the pages that act on what a link proved. */
    store,
  };
}

export type AccountMail = ReturnType<typeof accountMail>;
