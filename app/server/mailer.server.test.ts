import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, test } from "vitest";
import { passwordResetMail } from "./mail-templates.server";
import { createMailer } from "./mailer.server";

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
  test("a mail is written to DATA_DIR/outbox as an .eml with a text and an HTML part, and the log names the file", async () => {
    const dataDir = freshDataDir();
    const logged: Record<string, unknown>[] = [];
    const mailer = createMailer({
      from: '"Test App" <no-reply@app.example.com>',
      dataDir,
      log: (record) => logged.push(record),
    });
    const message = passwordResetMail(
      { appName: "Test App", to: "ada@example.com", name: "Ada <script>" },
      "https://app.example.com/reset-password?token=abc",
      1800,
    );
    mailer.send(message, "password-reset");
    await mailer.idle();

    const outbox = join(dataDir, "outbox");
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const file = join(outbox, files[0] ?? "");
    expect(file.endsWith(".eml")).toBe(true);
    // The links in it sign people in: the owner alone may read it.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const parsed = await simpleParser(readFileSync(file));
    expect(parsed.subject).toBe("Reset your Test App password");
    expect(parsed.from?.text).toBe('"Test App" <no-reply@app.example.com>');
    expect(parsed.text).toContain("https://app.example.com/reset-password?token=abc");
    expect(parsed.text).toContain("Hello Ada <script>,");
    expect(parsed.html).toContain("Hello Ada &lt;script&gt;,");
    expect(parsed.html).not.toContain("<img");

    expect(logged[0]).toMatchObject({ level: "info", dir: outbox });
    expect(logged[1]).toMatchObject({ level: "info", msg: "mail written", kind: "password-reset", file });
    // The log never carries the link or the address.
    expect(JSON.stringify(logged)).not.toContain("token=abc");
    expect(JSON.stringify(logged)).not.toContain("ada@example.com");
  });

  test("a mail that cannot be written is logged as failed, and send() still returns at once", async () => {
    const dataDir = join(freshDataDir(), "file");
    // A file where the data folder should be: the outbox cannot be made.
    writeFileSync(dataDir, "");
    const logged: Record<string, unknown>[] = [];
    const mailer = createMailer({
      from: "no-reply@example.com",
      dataDir,
      log: (record) => logged.push(record),
    });
    mailer.send({ to: "ada@example.com", subject: "Hi", text: "Hi", html: "<p>Hi</p>" }, "test");
    await mailer.idle();
    expect(logged.at(-1)).toMatchObject({ level: "error", msg: "mail failed", kind: "test" });
  });
});
