import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, test } from "vitest";
import { startSmtpSink } from "../../../tests/fixtures/smtp-sink";
import { createMailDelivery, MailSendError } from "./mailer.server";
import { passwordResetMail } from "./templates.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir() {
  const dir = mkdtempSync(join(tmpdir(), "mailer-test-"));
  dirs.push(dir);
  return dir;
}

describe("without SMTP_URL", () => {
  test("a mail is written to DATA_DIR/outbox as an .eml with a text and an HTML part, and the log names the folder", async () => {
    const dataDir = freshDataDir();
    const logged: Record<string, unknown>[] = [];
    const deliver = createMailDelivery({
      from: '"Test App" <no-reply@app.example.com>',
      dataDir,
      domain: "app.example.com",
      log: (record) => logged.push(record),
    });
    const message = passwordResetMail(
      { appName: "Test App", to: "ada@example.com", name: "Ada <script>", locale: "en" },
      "https://app.example.com/reset-password?token=abc",
      1800,
    );
    const envelope = { id: "mail-1", createdAt: new Date("2026-11-24T10:00:00.000Z") };
    const { file } = await deliver.send(message, envelope);

    const outbox = join(dataDir, "outbox");
    expect(readdirSync(outbox)).toEqual(["2026-11-24T10-00-00-000Z-mail-1.eml"]);
    expect(file).toBe(join(outbox, "2026-11-24T10-00-00-000Z-mail-1.eml"));
    // The links in it sign people in: the owner alone may read it.
    expect(statSync(file ?? "").mode & 0o777).toBe(0o600);

    const parsed = await simpleParser(readFileSync(file ?? ""));
    expect(parsed.subject).toBe("Reset your Test App password");
    expect(parsed.messageId).toBe("<mail-1@app.example.com>");
    expect(parsed.from?.text).toBe('"Test App" <no-reply@app.example.com>');
    expect(parsed.text).toContain("https://app.example.com/reset-password?token=abc");
    expect(parsed.text).toContain("Hello Ada <script>,");
    expect(parsed.html).toContain("Hello Ada &lt;script&gt;,");
    expect(parsed.html).not.toContain("<img");
    expect(logged).toEqual([
      { level: "info", msg: "no SMTP_URL: mails are written to the outbox", dir: outbox },
    ]);

    // Delivered again (a retry after a crash): still one file.
    await deliver.send(message, envelope);
    expect(readdirSync(outbox)).toHaveLength(1);
  });

  test("a mail that cannot be written fails, for the outbox to try again", async () => {
    const dataDir = join(freshDataDir(), "file");
    // A file where the data folder should be: the outbox cannot be made.
    writeFileSync(dataDir, "");
    const deliver = createMailDelivery({
      from: "no-reply@example.com",
      dataDir,
      domain: "example.com",
      log: () => {},
    });
    const sending = deliver.send(
      { to: "ada@example.com", subject: "Hi", text: "Hi", html: "<p>Hi</p>" },
      { id: "mail-1", createdAt: new Date() },
    );
    await expect(sending).rejects.toThrow();
  });
});

describe("with SMTP_URL", () => {
  const mail = { to: "grace@example.com", subject: "Hi", text: "Hi", html: "<p>Hi</p>" };
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  async function sinkWith(options: Parameters<typeof startSmtpSink>[0]) {
    const sink = await startSmtpSink(options);
    closing.push(sink.close);
    return sink;
  }

  /** Sends `mail` through `smtpUrl`; resolves with the error it failed with. */
  async function failureOf(smtpUrl: string, smtpTimeoutMs?: number): Promise<MailSendError> {
    const deliver = createMailDelivery({
      smtpUrl,
      from: "no-reply@app.example.com",
      dataDir: freshDataDir(),
      domain: "app.example.com",
      log: () => {},
      smtpTimeoutMs,
    });
    const error = await deliver.send(mail, { id: "mail-1", createdAt: new Date() }).then(
      () => new Error("the mail was sent"),
      (failure: unknown) => failure,
    );
    if (!(error instanceof MailSendError)) throw error;
    // Named by a code only: nodemailer's messages carry the recipient's address.
    expect(`${String(error)} ${JSON.stringify(error)}`).not.toContain("grace");
    return error;
  }

  test("refused before the server took the message: nothing to fear from sending it again", async () => {
    const gone = await startSmtpSink();
    await gone.close();
    expect(await failureOf(gone.url)).toMatchObject({ code: "ESOCKET", mayHaveBeenSent: false });

    const busy = await sinkWith({
      refuseRecipient: (address) => ({ code: 450, message: `<${address}> is over its quota` }),
    });
    expect(await failureOf(busy.url)).toMatchObject({
      code: "EENVELOPE",
      responseCode: 450,
      mayHaveBeenSent: false,
    });
    expect(busy.received).toEqual([]);
  });

  test("no answer once the server has the message: it may have taken it", async () => {
    const silent = await sinkWith({ answerMessage: () => false });
    expect(await failureOf(silent.url, 300)).toMatchObject({ code: "ETIMEDOUT", mayHaveBeenSent: true });
    expect(silent.received).toEqual(["grace@example.com"]);
  });
});
