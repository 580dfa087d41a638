import { type Locale, locale, PSEUDO_LOCALE } from "~/i18n/runtime";
import { describeRemovedWaysIn, type RemovedWaysIn } from "~/lib/removed-ways-in";
import * as m from "../messages";
import { browserInWords } from "../user-agent.server";
import { say, type Words } from "../words.server";
import { composeMail, type Recipient } from "./mail-frame.server";
import type { MailMessage } from "./mailer.server";

export { composeMail, type Recipient } from "./mail-frame.server";

/** "30 minutes", "24 hours", "7 days", in the language messages speak now (a mail's: its recipient's). */
export function duration(seconds: number): string {
  if (seconds > 86_400 && seconds % 86_400 === 0) return m.durationDays({ days: seconds / 86_400 });
  if (seconds % 3600 === 0) return m.durationHours({ hours: seconds / 3600 });
  return m.durationMinutes({ minutes: Math.round(seconds / 60) });
}

/** The password-reset mail: one link, valid once for `validSeconds`. */
export function passwordResetMail(recipient: Recipient, url: string, validSeconds: number): MailMessage {
  const { appName } = recipient;
  return composeMail(recipient, () => ({
    subject: m.resetMailSubject({ appName }),
    lead: [m.resetMailLead({ appName })],
    action: { label: m.resetMailAction(), url },
    after: [m.resetMailValidity({ duration: duration(validSeconds) }), m.resetMailNotYou()],
  }));
}

/** The address-verification mail sent after creating an account with a password. */
export function verificationMail(recipient: Recipient, url: string, validSeconds: number): MailMessage {
  const { appName } = recipient;
  return composeMail(recipient, () => ({
    subject: m.verificationMailSubject({ appName }),
    lead: [m.verificationMailLead({ appName })],
    action: { label: m.verificationMailAction(), url },
    after: [m.linkWorksOnce({ duration: duration(validSeconds) }), m.verificationMailNotYou()],
  }));
}

/** Where and when a sign-in happened, for the new-device notice. */
export type SignInFacts = { at: Date; browser: string; ip: string | null };

/** How each language writes a date and time: the product's English puts the day first ("22 November 2026"). */
const dateLanguage = (language: Locale): string =>
  language === "en" || language === PSEUDO_LOCALE ? "en-GB" : language;

const utcFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time with its zone, "22 November 2026 at 14:05 UTC" ("22. November 2026
 * um 14:05 UTC"), in the language messages speak now: mails (and answers)
 * are read anywhere.
 */
export function utcTime(at: Date): string {
  const language = dateLanguage(locale());
  let when = utcFormats.get(language);
  if (!when) {
    when = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
    utcFormats.set(language, when);
  }
  return `${when.format(at)} UTC`;
}

/** A notice's where and when. */
export function factLines(facts: SignInFacts): string[] {
  return [
    m.factWhen({ when: utcTime(facts.at) }),
    m.factBrowser({ browser: browserInWords(facts.browser) }),
    m.factIpAddress({ ip: facts.ip ?? m.factIpUnknown() }),
  ];
}

/** The facts of a notice and its way out: "Not you? Sign out everywhere". Its words are written in the recipient's language. */
function noticeMail(
  recipient: Recipient,
  notice: () => { subject: string; headline: string },
  facts: SignInFacts,
  url: string,
): MailMessage {
  return composeMail(recipient, () => {
    const { subject, headline } = notice();
    return {
      subject,
      lead: [headline, ...factLines(facts), m.noticeMailIfYou()],
      action: { label: m.noticeMailAction(), url },
      after: [m.noticeMailAfter()],
    };
  });
}

/**
 * The new-device notice: when, which browser, from which address (there is
 * no location lookup: the IP address is the approximate place), and a link
 * that signs the account out everywhere after a confirmation.
 */
export function newDeviceMail(recipient: Recipient, facts: SignInFacts, url: string): MailMessage {
  const { appName } = recipient;
  return noticeMail(
    recipient,
    () => ({ subject: m.newDeviceMailSubject({ appName }), headline: m.newDeviceMailHeadline({ appName }) }),
    facts,
    url,
  );
}

/**
 * A change a feature words itself: its kind (the activity entry's and the
 * mail's), what happened ("… was enabled") and, when it is
 * not a change of how the account signs in, what it means instead. Its
 * words are said in the recipient's language: give the feature's messages
 * (functions, called then), not strings made at module load.
 */
export type FeatureChange = { kind: string; what: Words; meaning?: Words };

/** A change to how the account signs in, as the notice names it. */
export type SignInChange =
  | { kind: "password-changed" | "password-set" }
  | { kind: "provider-linked" | "provider-unlinked"; providerId: string }
  | FeatureChange;

/** A change as the mail words it, the provider by its name ("GitHub"). */
type NamedChange =
  | { kind: "password-changed" | "password-set" | "password-removed" }
  | { kind: "provider-linked" | "provider-unlinked"; provider: string }
  | FeatureChange;

/** "Your password was changed": the change, in the words of the notice. */
export function describeSignInChange(change: NamedChange): string {
  if ("what" in change) return say(change.what);
  switch (change.kind) {
    case "password-changed":
      return m.changePasswordChanged();
    case "password-set":
      return m.changePasswordSet();
    case "password-removed":
      return m.changePasswordRemoved();
    case "provider-linked":
      return m.changeProviderLinked({ provider: change.provider });
    case "provider-unlinked":
      return m.changeProviderUnlinked({ provider: change.provider });
  }
}

/** The notice of a change to how the account signs in, with the same way out as the new-device notice. */
export function signInChangeMail(
  recipient: Recipient,
  change: NamedChange,
  facts: SignInFacts,
  url: string,
): MailMessage {
  const { appName } = recipient;
  return noticeMail(
    recipient,
    () => {
      const what = describeSignInChange(change);
      const meaning = "meaning" in change && change.meaning ? say(change.meaning) : m.changeMeaning();
      return {
        subject: m.signInChangeMailSubject({ what, appName }),
        headline: m.signInChangeMailHeadline({ what, appName, meaning }),
      };
    },
    facts,
    url,
  );
}

/**
 * Sent when someone first proved they read the account's mailbox and ways
 * in that anyone could have added before were removed. It names no one:
 * the account's name was typed before the address was proven.
 */
export function mailboxClaimedMail(
  recipient: Recipient,
  removed: RemovedWaysIn,
  dashboardUrl: string,
): MailMessage {
  const { appName } = recipient;
  return composeMail(recipient, () => ({
    name: null,
    subject: m.claimedMailSubject({ appName }),
    lead: [
      m.claimedMailConfirmed(),
      m.claimedMailRemoved(),
      ...describeRemovedWaysIn(removed).map((line) => `- ${line}`),
      m.claimedMailAddAgain(),
    ],
    action: { label: m.claimedMailAction(), url: dashboardUrl },
    after: [m.claimedMailNotYou()],
  }));
}

/**
 * Email-first sign-up: the six-digit code, and a link that carries it. To
 * an address nobody has proven yet: nothing the requester typed, no name.
 */
export function signUpCodeMail(
  recipient: Recipient,
  code: string,
  url: string,
  validSeconds: number,
): MailMessage {
  const { appName } = recipient;
  return composeMail(recipient, () => ({
    name: null,
    subject: m.signUpCodeMailSubject({ code, appName }),
    lead: [m.signUpCodeMailLead({ appName }), code, m.signUpCodeMailOrLink()],
    action: { label: m.signUpCodeMailAction(), url },
    after: [m.signUpCodeMailValidity({ duration: duration(validSeconds) }), m.signUpCodeMailNotYou()],
  }));
}

/**
 * Sent instead of a code when the address already has an account: the
 * requester sees the same page either way, and only the owner learns that
 * someone tried. Nothing the requester typed is in it.
 */
export function signUpAttemptMail(
  recipient: Recipient,
  signInUrl: string,
  refusal: string | null = null,
): MailMessage {
  const { appName } = recipient;
  return composeMail(recipient, () => {
    const tried = m.signUpAttemptMailTried({ appName });
    return {
      name: null,
      subject: m.signUpAttemptMailSubject({ appName }),
      // An account that may not sign in now (a suspension) is told why, and offered no way in.
      ...(refusal
        ? { lead: [tried, refusal] }
        : {
            lead: [tried, m.signUpAttemptMailIfYou()],
            action: { label: m.signUpAttemptMailAction(), url: signInUrl },
          }),
      after: [m.signUpAttemptMailNotYou()],
    };
  });
}
