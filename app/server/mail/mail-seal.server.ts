import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { MailMessage } from "./mailer.server";

/**
 * A mail's content at rest is sealed (AES-256-GCM, key derived from the
 * app's secret): its links sign people in, and the database keeps their
 * tokens only hashed. Once sent, the content is erased.
 */
export function mailSeal(secret: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "mail-outbox v1", 32));
  return {
    seal(message: MailMessage): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(message), "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(payload: string): MailMessage {
      const bytes = Buffer.from(payload, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
      return JSON.parse(text) as MailMessage;
    },
  };
}
