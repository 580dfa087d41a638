import { sql } from "kysely";
import { expect, test } from "vitest";
import { authWithOneAccount } from "../../../tests/fixtures/auth-in-memory";
import { consumeMailToken, issueMailToken, peekMailToken } from "./tokens.server";

test("a mailed link's token is stored hashed, works once, and not after it expires", async () => {
  const { auth, db, userId } = await authWithOneAccount();
  const store = (await auth.$context).internalAdapter;

  const token = await issueMailToken(db.kysely, "sign-out-everywhere", userId, 60);
  const { rows } = await sql<{ identifier: string }>`SELECT "identifier" FROM "verification"`.execute(
    db.kysely,
  );
  expect(rows.map((row) => row.identifier).join(" ")).not.toContain(token);

  expect(await peekMailToken(store, "sign-out-everywhere", token)).toBe(userId);
  // Another purpose's page does not take it.
  expect(await peekMailToken(store, "verify-email", token)).toBeNull();
  expect(await consumeMailToken(store, "sign-out-everywhere", token)).toBe(userId);
  expect(await consumeMailToken(store, "sign-out-everywhere", token)).toBeNull();
  expect(await peekMailToken(store, "sign-out-everywhere", token)).toBeNull();

  const expired = await issueMailToken(db.kysely, "verify-email", userId, -1);
  expect(await peekMailToken(store, "verify-email", expired)).toBeNull();
  expect(await consumeMailToken(store, "verify-email", expired)).toBeNull();

  for (const hostile of [undefined, 42, "", "short", "a".repeat(500), "'; DROP TABLE user; --"]) {
    expect(await peekMailToken(store, "verify-email", hostile)).toBeNull();
  }
  await db.close();
});
