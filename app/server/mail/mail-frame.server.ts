import { inLocale } from "~/i18n/locale.server";
import { directionOf, type Locale } from "~/i18n/runtime";
import * as m from "../messages";
import type { MailMessage } from "./mailer.server";

/**
 * The frame every mail shares: the greeting, the one button, the signature,
 * the plain-text and HTML parts, in the recipient's language. Each mail's
 * own words are in templates.server.ts and the features' mail templates.
 */

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
  const greeting = name ? m.mailGreetingNamed({ name }) : m.mailGreeting();
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
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280">${escapeHtml(m.mailCopyAddress())}<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>
`;

/** To whom: their address, their name as they typed it (escaped in the HTML part; null: "Hello," alone), and their language. */
export type Recipient = { appName: string; to: string; name: string | null; locale: Locale };
