import { inLocale } from "~/i18n/locale.server";
import { directionOf, type Locale } from "~/i18n/runtime";
import { describeRemovedWaysIn, type RemovedWaysIn } from "~/lib/removed-ways-in";
import type { MailMessage } from "./mailer.server";

/** What a mail says: why, and the one link to follow. */
type MailContent = {
  subject: string;
  /** Paragraphs before the button. */
  lead: string[];
  /** The one link to follow; none for a mail that only tells. */
  action?: { label: string; url: string };
  /** Paragraphs after the button: how long the link works, what to do if it was not you. */
  after: string[];
};

/** HTML-escapes a value that may come from a person (their name) or the configuration. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * A mail with a plain-text and a simple HTML part (inline styles only: mail
 * programs ignore style sheets), no images, no tracking pixel, no remote
 * content, and the app's name in the subject and the signature. Its words
 * are written in the recipient's language: `content` runs in it.
 */
export function composeMail(recipient: Recipient, content: () => MailContent): MailMessage {
  return inLocale(recipient.locale, () => composeInLocale(recipient, content()));
}

function composeInLocale(
  { appName, to, name, locale }: Recipient,
  { subject, lead, action, after }: MailContent,
): MailMessage {
  const greeting = name ? `Hello ${name},` : "Hello,";
  const text = [
    greeting,
    "",
    ...lead.flatMap((line) => [line, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...after.flatMap((line) => [line, ""]),
    `— ${appName}`,
    "",
  ].join("\n");
  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:520px;margin:0 auto;padding:32px;background:#ffffff;border:1px solid #e4e4e7;border-radius:12px">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#111827">${escapeHtml(appName)}</p>
${paragraph(greeting)}
${lead.map(paragraph).join("\n")}
${action ? button(action) : ""}${after.map(paragraph).join("\n")}
<p style="margin:24px 0 0;font-size:13px;color:#6b7280">— ${escapeHtml(appName)}</p>
</div>
</body></html>
`;
  return { to, subject, text, html };
}

/** A mail's one link, as a button and as an address to copy. */
const button = ({ label, url }: { label: string; url: string }) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;font-size:15px;font-weight:600">${escapeHtml(label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280">Or copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>
`;

/** To whom: their address, their name as they typed it (escaped in the HTML part; null: "Hello," alone), and their language. */
export type Recipient = { appName: string; to: string; name: string | null; locale: Locale };

/** "30 minutes", "24 hours", "7 days". */
export function duration(seconds: number): string {
  if (seconds > 86_400 && seconds % 86_400 === 0) return `${seconds / 86_400} days`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? "" : "s"}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The password-reset mail: one link, valid once for `validSeconds`. */
export function passwordResetMail(recipient: Recipient, url: string, validSeconds: number): MailMessage {
  return composeMail(recipient, () => ({
    subject: `Reset your ${recipient.appName} password`,
    lead: [`Someone asked to reset the password of your ${recipient.appName} account.`],
    action: { label: "Choose a new password", url },
    after: [
      `The link works once, for ${duration(validSeconds)}. Setting a new password signs you out on every other device.`,
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ],
  }));
}

/** The address-verification mail sent after creating an account with a password. */
export function verificationMail(recipient: Recipient, url: string, validSeconds: number): MailMessage {
  return composeMail(recipient, () => ({
    subject: `Confirm your email address for ${recipient.appName}`,
    lead: [`Please confirm that this is your email address, so ${recipient.appName} can reach you.`],
    action: { label: "Confirm my email address", url },
    after: [
      `The link works once, for ${duration(validSeconds)}.`,
      "If you did not create this account, ignore this mail.",
    ],
  }));
}

/** Where and when a sign-in happened, for the new-device notice. */
export type SignInFacts = { at: Date; browser: string; ip: string | null };

/** A time with its zone, "22 November 2026 at 14:05 UTC": mails (and answers) are read anywhere. */
export function utcTime(at: Date): string {
  const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  return `${when.format(at)} UTC`;
}

/** A notice's where and when. */
export function factLines(facts: SignInFacts): string[] {
  return [`When: ${utcTime(facts.at)}`, `Browser: ${facts.browser}`, `IP address: ${facts.ip ?? "unknown"}`];
}

/** The facts of a notice and its way out: "Not you? Sign out everywhere". */
function noticeMail(
  recipient: Recipient,
  notice: { subject: string; headline: string; closing: string },
  facts: SignInFacts,
  url: string,
): MailMessage {
  return composeMail(recipient, () => ({
    subject: notice.subject,
    lead: [notice.headline, ...factLines(facts), notice.closing],
    action: { label: "Not you? Sign out everywhere", url },
    after: [
      "The link asks you to confirm, then signs your account out on every device. Then reset your password from the sign-in page.",
    ],
  }));
}

/**
 * The new-device notice: when, which browser, from which address (there is
 * no location lookup: the IP address is the approximate place), and a link
 * that signs the account out everywhere after a confirmation.
 */
export function newDeviceMail(recipient: Recipient, facts: SignInFacts, url: string): MailMessage {
  return noticeMail(
    recipient,
    {
      subject: `New sign-in to ${recipient.appName}`,
      headline: `Your ${recipient.appName} account was just signed in to from a browser it had not seen before.`,
      closing: "If this was you, there is nothing to do.",
    },
    facts,
    url,
  );
}

/**
 * A change a feature words itself: its kind (the activity entry's and the
 * mail's), what happened ("… was enabled") and, when it is
 * not a change of how the account signs in, what it means instead.
 */
export type FeatureChange = { kind: string; what: string; meaning?: string };

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
  if ("what" in change) return change.what;
  switch (change.kind) {
    case "password-changed":
      return "Your password was changed";
    case "password-set":
      return "A password was set";
    case "password-removed":
      return "Your password was removed";
    case "provider-linked":
      return `${change.provider} was linked for signing in`;
    case "provider-unlinked":
      return `${change.provider} was unlinked`;
  }
}

/** The notice of a change to how the account signs in, with the same way out as the new-device notice. */
export function signInChangeMail(
  recipient: Recipient,
  change: NamedChange,
  facts: SignInFacts,
  url: string,
): MailMessage {
  const what = describeSignInChange(change);
  return noticeMail(
    recipient,
    {
      subject: `${what} on your ${recipient.appName} account`,
      headline: `${what} on your ${recipient.appName} account. ${
        ("meaning" in change ? change.meaning : undefined) ??
        "This changes how the account can be signed in to."
      }`,
      closing: "If this was you, there is nothing to do.",
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
  return composeMail(recipient, () => ({
    name: null,
    subject: `Your ${recipient.appName} account is now yours alone`,
    lead: [
      "You just confirmed that this email address is yours.",
      "Until then anyone could have added ways to sign in to the account, so we removed them and signed out every device:",
      ...describeRemovedWaysIn(removed).map((line) => `- ${line}`),
      "If they were yours, add them again from your dashboard.",
    ],
    action: { label: "Open your dashboard", url: dashboardUrl },
    after: [
      "If you did not just confirm your address or reset your password, reset it now from the sign-in page.",
    ],
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
  return composeMail(recipient, () => ({
    name: null,
    subject: `${code} is your ${recipient.appName} code`,
    lead: [
      `Someone asked to create a ${recipient.appName} account with this email address. To finish, enter this code:`,
      code,
      "Or follow the link below on any device.",
    ],
    action: { label: "Create my account", url },
    after: [
      `The code works once, for ${duration(validSeconds)}.`,
      "If you did not ask for this, ignore this mail: no account is created without the code.",
    ],
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
  const tried = `Someone just tried to create a ${recipient.appName} account with this email address, which already has one.`;
  return composeMail(recipient, () => ({
    name: null,
    subject: `Someone tried to create a ${recipient.appName} account with your address`,
    // An account that may not sign in now (a suspension) is told why, and offered no way in.
    ...(refusal
      ? { lead: [tried, refusal] }
      : {
          lead: [
            tried,
            "If it was you: sign in instead, or reset your password from the sign-in page if you forgot it.",
          ],
          action: { label: "Sign in", url: signInUrl },
        }),
    after: [
      "If it was not you, there is nothing to do: no new account was created, and yours did not change.",
    ],
  }));
}
