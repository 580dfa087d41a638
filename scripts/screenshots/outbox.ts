/**
 * The mails the server wrote to its outbox folder (a server started without `SMTP_URL`), read
 * for the codes and links the pages behind them need.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { outboxDir } from "./server.ts";

/** The outbox's mails: a mail still being written is a `.partial` file, renamed to `.eml` once whole. */
const inOutbox = () =>
  existsSync(outboxDir) ? readdirSync(outboxDir).filter((name) => name.endsWith(".eml")) : [];
const seen = new Set(inOutbox());

/** The first new mail in the outbox to `to` whose text matches `pattern`: the match (waits up to 5 s). */
export async function mailMatch(to: string, pattern: RegExp): Promise<RegExpMatchArray | null> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    for (const file of inOutbox().filter((name) => !seen.has(name))) {
      const mail = await simpleParser(readFileSync(join(outboxDir, file)));
      const recipients = [mail.to ?? []].flat().flatMap((address) => address.value);
      const match = mail.text?.match(pattern);
      if (match && recipients.some((recipient) => recipient.address === to)) {
        seen.add(file);
        return match;
      }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  console.warn(`No mail to ${to} in ${outboxDir}: pages that need it are left out.`);
  return null;
}

/** A mailed link's path (and token), from the first new mail to `to` that carries one to `path`. */
export async function linkTo(to: string, path: string): Promise<string | null> {
  const link = (await mailMatch(to, new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`)))?.[0];
  return link ? new URL(link).pathname + new URL(link).search : null;
}
