import { readFile } from "node:fs/promises";
import { expect, test } from "vitest";
import { hashPasswordInTurn, SCRYPT_AT_ONCE, verifyPasswordInTurn } from "./password-hashing.server";

test("hashes and verifies with better-auth's scrypt", async () => {
  const hash = await hashPasswordInTurn("correct horse battery");
  expect(await verifyPasswordInTurn({ hash, password: "correct horse battery" })).toBe(true);
  expect(await verifyPasswordInTurn({ hash, password: "wrong horse battery" })).toBe(false);
});

test("a burst of password hashes leaves the thread pool free for a file read", async () => {
  const burst = Array.from({ length: 24 }, () => hashPasswordInTurn("correct horse battery"));
  let hashed = 0;
  for (const hash of burst) void hash.then(() => hashed++);
  // Queued after the whole burst, read before most of it is hashed.
  await readFile(import.meta.filename);
  const hashedBeforeTheRead = hashed;
  await Promise.all(burst);
  expect(hashedBeforeTheRead).toBeLessThanOrEqual(SCRYPT_AT_ONCE);
  // 24 hashes one per core take a few seconds on a CI machine whose cores other test files share.
}, 30_000);
