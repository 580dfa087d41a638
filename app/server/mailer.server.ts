import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import { MAIL_OUTBOX_DIR, MAIL_SHUTDOWN_WAIT_MS, SMTP_TIMEOUT_MS } from "~/lib/constants";

/** A mail as the app writes it: always a plain-text and an HTML part. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

type MailLog = (record: { level: "info" | "warn" | "error"; msg: string } & Record<string, unknown>) => void;

export type Mailer = {
  /**
   * Queues a mail and returns at once: the HTTP answer never waits for a
   * mail server, and its timing does not tell whether a mail was sent.
   * A failed send is logged (the kind of mail, never its address or links).
   */
  send(message: MailMessage, kind: string): void;
  /** Resolves when every queued mail has been handed over (or failed). */
  idle(): Promise<void>;
};

type MailerOptions = {
  /** `smtp://` or `smtps://`; without it, mails go to `{dataDir}/outbox/`. */
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: MailLog;
};

/** One mail's way out: SMTP, or a file in the outbox. */
type Deliver = (message: MailMessage) => Promise<string | undefined>;

/**
 * The app's outgoing mail. With `SMTP_URL`, nodemailer sends through that
 * server; without it (the zero-config start) each mail is written as an
 * `.eml` file to `DATA_DIR/outbox/`, readable by the owner only since the
 * links in it sign people in, and the log names the file. nodemailer may
 * not fetch URLs or read files named in a message: mails hold only what the
 * app wrote into them.
 */
export function createMailer({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer {
  const deliver = smtpUrl
    ? smtpDelivery(smtpUrl, from)
    : outboxDelivery(join(dataDir, MAIL_OUTBOX_DIR), from);
  if (!smtpUrl) {
    log({
      level: "info",
      msg: "no SMTP_URL: mails are written to the outbox",
      dir: join(dataDir, MAIL_OUTBOX_DIR),
    });
  }
  const pending = new Set<Promise<void>>();
  return {
    send(message, kind) {
      const sending = deliver(message).then(
        (file) =>
          log({ level: "info", msg: file ? "mail written" : "mail sent", kind, ...(file ? { file } : {}) }),
        (error: unknown) => log({ level: "error", msg: "mail failed", kind, err: String(error) }),
      );
      const tracked = sending.finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

/** Waits for queued mails at shutdown, but never longer than `MAIL_SHUTDOWN_WAIT_MS`. */
export async function flushMail(mailer: Mailer): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<void>((done) => {
    timer = setTimeout(done, MAIL_SHUTDOWN_WAIT_MS);
  });
  await Promise.race([mailer.idle(), giveUp]);
  clearTimeout(timer);
}

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
    return undefined;
  };
}

function outboxDelivery(dir: string, from: string): Deliver {
  const transport = onFirstMail(({ createTransport }) =>
    createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from }),
  );
  return async (message) => {
    const { message: eml } = await (await transport()).sendMail({ ...message, ...noRemoteContent });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = join(dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
    await writeFile(file, eml as Buffer, { mode: 0o600 });
    return file;
  };
}
