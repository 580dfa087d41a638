import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import {
  MAIL_OUTBOX_DIR,
  OUTBOX_WRITE_TIMEOUT_MS,
  SMTP_SEND_TIMEOUT_MS,
  SMTP_TIMEOUT_MS,
} from "~/lib/constants";

/** A mail as the app writes it: always a plain-text and an HTML part. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

/** What a delivery knows of the mail besides its content: the outbox row's id and time. */
export type MailEnvelope = { id: string; createdAt: Date };

/**
 * One mail's way out, SMTP or a file in the outbox: `send` resolves once
 * the mail is handed over (`file` names the file), and may take at most
 * `timeoutMs`. Delivering the same mail twice (a retry after a crash)
 * writes the same file, or sends the same `Message-ID`, which receiving
 * servers use to drop duplicates.
 */
export type MailDelivery = {
  send: (message: MailMessage, envelope: MailEnvelope) => Promise<{ file?: string }>;
  timeoutMs: number;
};

type DeliveryOptions = {
  /** `smtp://` or `smtps://`; without it, mails go to `{dataDir}/outbox/`. */
  smtpUrl?: string;
  from: string;
  dataDir: string;
  /** The domain of each mail's `Message-ID` (the app's host). */
  domain: string;
  log: (record: { level: "info"; msg: string; dir: string }) => void;
};

/**
 * The app's way to hand a mail over. With `SMTP_URL`, nodemailer sends
 * through that server; without it (the zero-config start) each mail is
 * written as an `.eml` file to `DATA_DIR/outbox/`, readable by the owner
 * only since the links in it sign people in. nodemailer may not fetch URLs
 * or read files named in a message: mails hold only what the app wrote
 * into them. The outbox table (mail/outbox.server.ts) calls it, with retries.
 */
export function createMailDelivery({ smtpUrl, from, dataDir, domain, log }: DeliveryOptions): MailDelivery {
  const dir = join(dataDir, MAIL_OUTBOX_DIR);
  if (!smtpUrl) log({ level: "info", msg: "no SMTP_URL: mails are written to the outbox", dir });
  const deliver = smtpUrl ? smtpDelivery(smtpUrl, from) : outboxDelivery(dir, from);
  return {
    send: (message, envelope) => deliver({ ...message, messageId: `<${envelope.id}@${domain}>` }, envelope),
    timeoutMs: smtpUrl ? SMTP_SEND_TIMEOUT_MS : OUTBOX_WRITE_TIMEOUT_MS,
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

function smtpDelivery(smtpUrl: string, from: string): Deliver {
  const transport = onFirstMail(({ createTransport }) =>
    createTransport(
      {
        url: smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      },
      { from },
    ),
  );
  return async (message) => {
    await (await transport()).sendMail({ ...message, ...noRemoteContent });
    return {};
  };
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
