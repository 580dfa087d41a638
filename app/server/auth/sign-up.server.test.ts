import { afterEach, describe, expect, test } from "vitest";
import { SIGN_UP_CODE_TRIES } from "~/lib/constants";
import { migrateToLatest, type OpenedDatabase, openDatabase } from "../db/database.server";
import { mailOutbox } from "../mail/outbox.server";
import { accountMail } from "./account-mail.server";
import { redeemSignUpCode, requestSignUp, SIGN_UP_WRONG_CODES_APP_WIDE } from "./sign-up.server";

const SECRET = "s".repeat(43);
const [BROWSER_A, BROWSER_B] = ["hash-of-browser-a", "hash-of-browser-b"];

let db: OpenedDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

async function signUps() {
  db = openDatabase(":memory:");
  await migrateToLatest(db.kysely);
  const { kysely } = db;
  const outbox = mailOutbox({ kysely, secret: SECRET });
  const mail = accountMail({
    env: { APP_URL: "http://localhost:3000", APP_NAME: "Test", providers: {} },
    outbox,
  });
  const request = async (email: string, requesterHash: string) =>
    requestSignUp(
      { mail, secret: SECRET },
      { name: "Ada", email, password: "correct horse battery", redirectTo: "/dashboard", requesterHash },
    );
  const idOf = async (email: string, requesterHash: string) => {
    const requested = await request(email, requesterHash);
    if (!("id" in requested)) throw new Error("refused");
    return requested.id;
  };
  /** A code no mail carried (the tests never read the mails): always wrong. */
  const wrongTry = (id: string, requesterHash = BROWSER_A) =>
    redeemSignUpCode(kysely, SECRET, { id, code: "not-the-code", requesterHash });
  const requestsFor = (email: string) =>
    kysely.selectFrom("pendingSignUp").select(["id", "tries"]).where("email", "=", email).execute();
  const setTries = (id: string, tries: number) =>
    kysely.updateTable("pendingSignUp").set({ tries }).where("id", "=", id).execute();
  return { request, idOf, wrongTry, requestsFor, setTries };
}

describe("email-first sign-up requests", () => {
  test("another browser's request for the same address replaces nothing; this browser's keeps its wrong tries", async () => {
    const { idOf, wrongTry, requestsFor } = await signUps();
    const first = await idOf("ada@example.com", BROWSER_A);
    expect(await wrongTry(first)).toEqual({ code: "WRONG_CODE", triesLeft: SIGN_UP_CODE_TRIES - 1 });
    expect(await wrongTry(first)).toEqual({ code: "WRONG_CODE", triesLeft: SIGN_UP_CODE_TRIES - 2 });

    const strangers = await idOf("ada@example.com", BROWSER_B);
    expect((await requestsFor("ada@example.com")).map((row) => row.id).sort()).toEqual(
      [first, strangers].sort(),
    );

    const again = await idOf("ada@example.com", BROWSER_A);
    const rows = await requestsFor("ada@example.com");
    expect(rows.map((row) => row.id).sort()).toEqual([again, strangers].sort());
    expect(rows.find((row) => row.id === again)?.tries).toBe(2);
  });

  test("once wrong codes voided this browser's request, asking again is refused until it expires", async () => {
    const { request, idOf, wrongTry } = await signUps();
    const id = await idOf("ada@example.com", BROWSER_A);
    for (let tries = 1; tries <= SIGN_UP_CODE_TRIES; tries += 1) await wrongTry(id);
    const refused = await request("ada@example.com", BROWSER_A);
    expect(refused).toEqual({ retryAfterSeconds: expect.any(Number) });
    expect("retryAfterSeconds" in refused && refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // Another browser is not held to it.
    expect(await request("ada@example.com", BROWSER_B)).toEqual({ id: expect.any(String) });
  });

  test("a code from a browser that did not ask needs a name and password chosen there", async () => {
    const { idOf, requestsFor } = await signUps();
    const id = await idOf("ada@example.com", BROWSER_A);
    const kysely = db?.kysely;
    if (!kysely) throw new Error("no database");
    expect(await redeemSignUpCode(kysely, SECRET, { id, code: "123456", requesterHash: BROWSER_B })).toEqual({
      code: "CHOOSE_PASSWORD",
    });
    expect(await redeemSignUpCode(kysely, SECRET, { id, code: "123456", requesterHash: null })).toEqual({
      code: "CHOOSE_PASSWORD",
    });
    // Asking counts no try.
    expect((await requestsFor("ada@example.com"))[0]?.tries).toBe(0);
  });

  test(`past ${SIGN_UP_WRONG_CODES_APP_WIDE} recent wrong codes across the app, no code is checked`, async () => {
    const { idOf, wrongTry, requestsFor, setTries } = await signUps();
    const target = await idOf("ada@example.com", BROWSER_A);
    // Guesses spread over many addresses' requests, each voided in turn.
    const noise = await idOf("someone@example.com", BROWSER_B);
    await setTries(noise, SIGN_UP_WRONG_CODES_APP_WIDE - 1);
    expect(await wrongTry(target)).toMatchObject({ code: "WRONG_CODE" });
    expect(await wrongTry(target)).toEqual({ code: "TOO_MANY_WRONG_CODES" });
    expect((await requestsFor("ada@example.com"))[0]?.tries).toBe(1);
  });
});
