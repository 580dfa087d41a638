import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transporter } from "nodemailer";

/**
 * Email. Without `SMTP_URL`, mails are written as `.eml` files to
 * this folder inside `DATA_DIR`, so a zero-config start still "sends" them.
 */
const MAIL_OUTBOX_DIR = "outbox";

/**
 * A single send through SMTP, or write to the outbox folder, gives up after
 * this long (and is tried again later). A claim on a mail lasts twice as
 * long, so no other instance sends a mail while a send of it may still run;
 * a mail claimed by a process that died goes out once the claim has run out.
 */
const SMTP_SEND_TIMEOUT_MS = 30_000;

const OUTBOX_WRITE_TIMEOUT_MS = 5_000;

/** SMTP connection and greeting timeouts: a dead mail server never holds a send for long. */
const SMTP_TIMEOUT_MS = 10_000;

/** A mail as the app writes it: always a plain-text and an HTML part. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

/** What a delivery knows of the mail besides its content: the outbox row's id and time. */
export type MailEnvelope = { id: string; createdAt: Date };

/**
 * One mail's way out, SMTP or a file in the outbox: `send` resolves once
 * the mail is handed over (`file` names the file), and may take at most
 * `timeoutMs`. Delivering the same mail twice (a retry after a crash)
 * writes the same file, or sends the same `Message-ID`, which receiving
 * servers may, or may not, use to drop duplicates.
 */
export type MailDelivery = {
  /** Rejects with a `MailSendError` when it can tell whether the mail may have gone out. */
  send: (message: MailMessage, envelope: MailEnvelope) => Promise<{ file?: string }>;
  timeoutMs: number;
  /**
   * Whether a send cut off after `timeoutMs` may have handed the mail
   * over: with SMTP, the server may have the message and not have answered
   * yet; a file is written whole then renamed, so writing it again is safe.
   */
  timeoutMayHaveSent: boolean;
};

/**
 * A send that failed, as the log may tell it: a code (`ETIMEDOUT`,
 * `EENVELOPE`, `ENOTDIR`) and the server's reply code, never a message,
 * since nodemailer's messages carry the recipient's address and the
 * server's reply. `mayHaveBeenSent`: the server may have taken the mail
 * before the failure, so sending it again could deliver it twice.
 */
export class MailSendError extends Error {
  readonly code: string;
  readonly responseCode?: number;
  readonly mayHaveBeenSent: boolean;

  constructor(code: string, mayHaveBeenSent: boolean, responseCode?: number) {
    super(`mail not sent: ${code}${responseCode ? ` ${responseCode}` : ""}`);
    this.name = "MailSendError";
    this.code = code;
    this.mayHaveBeenSent = mayHaveBeenSent;
    if (responseCode) this.responseCode = responseCode;
  }
}

/** An error's code (`ECONNREFUSED`, `SQLITE_BUSY`, PostgreSQL's `57P01`) when it looks like one, else `unknown`: never its message. */
export function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[A-Z0-9][A-Z0-9_]{0,39}$/.test(code) ? code : "unknown";
}

type DeliveryOptions = {
  /** `smtp://` or `smtps://`; without it, mails go to `{dataDir}/outbox/`. */
  smtpUrl?: string;
  from: string;
  dataDir: string;
  /** The domain of each mail's `Message-ID` (the app's host). */
  domain: string;
  log: (record: { level: "info"; msg: string; dir: string }) => void;
  /** SMTP connection, greeting and silence timeouts (tests shorten them). */
  smtpTimeoutMs?: number;
};

/**
 * The app's way to hand a mail over. With `SMTP_URL`, nodemailer sends
 * through that server; without it (the zero-config start) each mail is
 * written as an `.eml` file to `DATA_DIR/outbox/`, readable by the owner
 * only since the links in it sign people in. nodemailer may not fetch URLs
 * or read files named in a message: mails hold only what the app wrote
 * into them. The outbox's worker (mail/mail-worker.server.ts) calls it, with retries.
 */
export function createMailDelivery({
  smtpUrl,
  from,
  dataDir,
  domain,
  log,
  smtpTimeoutMs = SMTP_TIMEOUT_MS,
}: DeliveryOptions): MailDelivery {
  const dir = join(dataDir, MAIL_OUTBOX_DIR);
  if (!smtpUrl) log({ level: "info", msg: "no SMTP_URL: mails are written to the outbox", dir });
  const deliver = smtpUrl ? smtpDelivery(smtpUrl, from, smtpTimeoutMs) : outboxDelivery(dir, from);
  return {
    send: (message, envelope) => deliver({ ...message, messageId: `<${envelope.id}@${domain}>` }, envelope),
    timeoutMs: smtpUrl ? SMTP_SEND_TIMEOUT_MS : OUTBOX_WRITE_TIMEOUT_MS,
    timeoutMayHaveSent: Boolean(smtpUrl),
  };
}

type Deliver = (
  message: MailMessage & { messageId: string },
  envelope: MailEnvelope,
) => Promise<{ file?: string }>;

const noRemoteContent = { disableFileAccess: true, disableUrlAccess: true } as const;

type Nodemailer = typeof import("nodemailer");

/** nodemailer loads with the first mail: a server that sends none never holds it in memory. */
function onFirstMail<T extends Transporter<unknown>>(
  create: (nodemailer: Nodemailer) => T,
): () => Promise<T> {
  let transport: Promise<T> | undefined;
  return () => {
    transport ??= import("nodemailer").then(create);
    return transport;
  };
}

function smtpDelivery(smtpUrl: string, from: string, timeoutMs: number): Deliver {
  const transport = onFirstMail(({ createTransport }) =>
    createTransport(
      {
        url: smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      },
      { from },
    ),
  );
  return async (message) => {
    try {
      await (await transport()).sendMail({ ...message, ...noRemoteContent });
    } catch (error) {
      throw smtpSendError(error);
    }
    return {};
  };
}

/** nodemailer's codes of a refusal: the server answered no (`EENVELOPE`, `EMESSAGE`), or the session never got to a message. */
const REFUSED = new Set(["EAUTH", "EDNS", "EENVELOPE", "EMESSAGE", "ETLS"]);
/** The socket errors of a connection that was never made. */
const NEVER_CONNECTED = new Set([
  "EADDRNOTAVAIL",
  "EAI_AGAIN",
  "ECONNREFUSED",
  "EHOSTDOWN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
]);
/** nodemailer's timeouts before a session could carry a message (a silent socket is `SOCKET_TIMEOUT`). */
const TIMEOUTS_BEFORE_SESSION = new Set(["CONNECT_TIMEOUT", "GREETING_TIMEOUT", "UPGRADE_TIMEOUT"]);

/**
 * What a nodemailer failure says about the mail. A server takes a message
 * once it has all of it and says so; a failure that came with the server's
 * refusal (a 4xx or 5xx reply, to a recipient or to the message), or
 * before the session was up, left the mail with us, and is tried again.
 * Anything else (silence past the timeout, a connection cut mid-session)
 * may have come after the server took the message and before we heard
 * it, and the mail is not sent again: missing one mail is better than
 * repeating a link or a notice, since `Message-ID` does not reliably stop
 * a duplicate.
 */
function smtpSendError(error: unknown): MailSendError {
  const { responseCode, originalCode, timeoutType } = (error ?? {}) as Record<string, unknown>;
  const code = errorCodeOf(error);
  const refused = typeof responseCode === "number" && responseCode >= 400;
  const leftWithUs =
    refused ||
    REFUSED.has(code) ||
    NEVER_CONNECTED.has(String(originalCode)) ||
    TIMEOUTS_BEFORE_SESSION.has(String(timeoutType));
  return new MailSendError(code, !leftWithUs, refused ? (responseCode as number) : undefined);
}

function outboxDelivery(dir: string, from: string): Deliver {
  const transport = onFirstMail(({ createTransport }) =>
    createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from }),
  );
  return async (message, { id, createdAt }) => {
    const { message: eml } = await (await transport()).sendMail({ ...message, ...noRemoteContent });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Named after the mail, written whole then renamed: a second delivery of the same mail replaces it.
    const file = join(dir, `${createdAt.toISOString().replace(/[:.]/g, "-")}-${id}.eml`);
    const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
    await writeFile(partial, eml as Buffer, { mode: 0o600 });
    await rename(partial, file);
    return { file };
  };
}
