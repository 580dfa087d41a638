import { afterEach, describe, expect, test, vi } from "vitest";
import { SIGN_UP_CODE_TRIES } from "~/lib/constants";
import { parseMetrics, sampleValue } from "../../../tests/fixtures/prometheus";
import { migrateToLatest, type OpenedDatabase, openDatabase } from "../db/database.server";
import { createAuthRateLimits } from "../limits/rate-limit.server";
import { mailOutbox } from "../mail/outbox.server";
import { startMetrics } from "../metrics.server";
import { accountMail } from "./account-mail.server";
import type { AuthLog } from "./auth.server";
import { redeemSignUpCode, requestSignUp } from "./sign-up.server";
import { signUpCodeLimits } from "./sign-up-code-limits.server";
import { SIGN_UP_WRONG_CODES_SURGE } from "./sign-up-code-surge.server";
import { signUpCodeDoor } from "./sign-up-endpoint.server";

// scrypt is not what these tests are about, and the attacks below ask for dozens of codes.
vi.mock("../limits/password-hashing.server", () => ({
  hashPasswordInTurn: async (password: string) => `hash of ${password}`,
}));

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
});

/**
 * Codes tried at the door (`signUpCodeDoor`), with the default limits
 * (100 per IP: 20 wrong codes per client, 10 per address before back-off),
 * and the codes the mails carried.
 */
async function door() {
  db = openDatabase(":memory:");
  await migrateToLatest(db.kysely);
  const { kysely } = db;
  const sent = new Map<string, string>();
  const mail = accountMail({
    env: { APP_URL: "http://localhost:3000", APP_NAME: "Test", providers: {} },
    outbox: mailOutbox({ kysely, secret: SECRET }),
  });
  const recordingMail: typeof mail = {
    ...mail,
    queueSignUpCode: async (trx, to, request) => {
      sent.set(request.id, request.code);
      await mail.queueSignUpCode(trx, to, request);
    },
  };
  const warnings: string[] = [];
  const log: AuthLog = (record) => {
    if (record.level === "warn") warnings.push(record.msg);
  };
  const rateLimits = createAuthRateLimits();
  const tryCode = signUpCodeDoor({ kysely, rateLimits, log });
  let browsers = 0;
  return {
    warnings,
    limits: signUpCodeLimits(rateLimits),
    /** A fresh browser's request for `email`: its id, its browser, and the code mailed for it. */
    async ask(email: string) {
      browsers += 1;
      const requesterHash = `hash-of-browser-${browsers}`;
      const requested = await requestSignUp(
        { mail: recordingMail, secret: SECRET },
        { name: "Ada", email, password: "correct horse battery", redirectTo: "/dashboard", requesterHash },
      );
      if (!("id" in requested)) throw new Error("refused");
      return { id: requested.id, requesterHash, code: sent.get(requested.id) ?? "" };
    },
    /** `code` for the request `id`, from `ip`, in the browser `requesterHash` (null: another browser, which chooses a password). */
    tryCode: (ip: string, id: string, code: string, requesterHash: string | null) =>
      tryCode(SECRET, {
        id,
        code,
        requesterHash,
        ip,
        chosenHere: requesterHash ? undefined : { name: "Mallory", password: "a password of mallory" },
      }),
    accounts: (email: string) => kysely.selectFrom("user").select("id").where("email", "=", email).execute(),
  };
}

/** A code that is not `code`. */
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

const ATTACKER = "198.51.100.7";

// Each request hashes its password. The mock above makes that instant when this file loads the
// module first; in a worker that loaded the real one before (one module graph per worker), 41
// scrypt hashes on a busy 2-core machine took more than the default 20 s.
describe("wrong sign-up codes", { timeout: 120_000 }, () => {
  test("200 wrong codes from one client (twice the alert's threshold) stop nobody else: the right code from the browser that asked gets in, and the surge is one warning", async () => {
    const WRONG_CODES = 2 * SIGN_UP_WRONG_CODES_SURGE;
    const metrics = await startMetrics({ buildId: "test" });
    const { ask, tryCode, accounts, warnings } = await door();
    // The owner asked first, behind the same address as the attacker (one office, say).
    const owner = await ask("ada@example.com");
    const outcomes = new Map<string, number>();
    for (let n = 0; n < WRONG_CODES / SIGN_UP_CODE_TRIES; n += 1) {
      const { id, code, requesterHash } = await ask(`victim-${n}@example.com`);
      for (let tries = 1; tries <= SIGN_UP_CODE_TRIES; tries += 1) {
        const result = await tryCode(ATTACKER, id, wrongFor(code), requesterHash);
        const outcome = "code" in result ? result.code : "created";
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }
    expect(outcomes).toEqual(new Map([["WRONG_CODE", WRONG_CODES]]));

    expect(await tryCode(ATTACKER, owner.id, owner.code, owner.requesterHash)).toEqual({
      userId: expect.any(String),
      redirectTo: "/dashboard",
    });
    expect(await accounts("ada@example.com")).toHaveLength(1);
    expect(warnings).toEqual(["many wrong sign-up codes"]);
    const scraped = parseMetrics((await metrics.scrape()).text);
    expect(sampleValue(scraped, "sign_up_code_failures_total")).toBe(WRONG_CODES);
    expect(sampleValue(scraped, "sign_up_code_surges_total")).toBe(1);
  });

  test("past its budget a client may not ask again, and its tries at requests it did not ask for wait; other clients do not", async () => {
    const { ask, tryCode, limits } = await door();
    for (let n = 0; n < 4; n += 1) {
      const { id, code, requesterHash } = await ask(`victim-${n}@example.com`);
      for (let tries = 1; tries <= SIGN_UP_CODE_TRIES; tries += 1) {
        await tryCode(ATTACKER, id, wrongFor(code), requesterHash);
      }
    }
    const asking = await limits.mayAsk({ ip: ATTACKER, email: "someone@example.com" });
    expect(asking).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect(asking.retryAfterSeconds).toBeGreaterThan(0);
    expect(await limits.mayAsk({ ip: "203.0.113.9", email: "someone@example.com" })).toMatchObject({
      allowed: true,
    });

    // A request the attacker did not ask for: its guesses wait unchecked, and the request keeps its tries.
    const someone = await ask("someone@example.com");
    expect(await tryCode(ATTACKER, someone.id, wrongFor(someone.code), null)).toEqual({
      code: "TOO_MANY_WRONG_CODES",
      retryAfterSeconds: expect.any(Number),
    });
    // Its owner, elsewhere, still has every try.
    expect(await tryCode("203.0.113.9", someone.id, wrongFor(someone.code), someone.requesterHash)).toEqual({
      code: "WRONG_CODE",
      triesLeft: SIGN_UP_CODE_TRIES - 1,
    });
  });

  test("right codes never count: a client whose codes are right is never held back", async () => {
    const { ask, tryCode, limits } = await door();
    for (let n = 0; n < 25; n += 1) {
      const { id, code, requesterHash } = await ask(`new-${n}@example.com`);
      expect(await tryCode(ATTACKER, id, code, requesterHash)).toMatchObject({ redirectTo: "/dashboard" });
    }
    expect(await limits.mayAsk({ ip: ATTACKER, email: "one-more@example.com" })).toMatchObject({
      allowed: true,
    });
  });

  test("past its budget the targeted address's guesses wait, from every client; its owner's request still takes its code", async () => {
    const { ask, tryCode, limits, accounts } = await door();
    const owner = await ask("ada@example.com");
    // Strangers at many addresses, each well inside its own client budget.
    for (let n = 0; n < 2; n += 1) {
      const { id, code, requesterHash } = await ask("ada@example.com");
      for (let tries = 1; tries <= SIGN_UP_CODE_TRIES; tries += 1) {
        await tryCode(`198.51.100.${n}`, id, wrongFor(code), requesterHash);
      }
    }
    expect(await limits.mayAsk({ ip: "203.0.113.50", email: "ada@example.com" })).toMatchObject({
      allowed: false,
    });
    // Another address is not held to it.
    expect(await limits.mayAsk({ ip: "203.0.113.50", email: "bob@example.com" })).toMatchObject({
      allowed: true,
    });
    expect(await tryCode("203.0.113.51", owner.id, wrongFor(owner.code), null)).toMatchObject({
      code: "TOO_MANY_WRONG_CODES",
    });
    // The owner's browser: a slip of the finger is a wrong code like any, then the right one gets in.
    expect(await tryCode("203.0.113.1", owner.id, wrongFor(owner.code), owner.requesterHash)).toEqual({
      code: "WRONG_CODE",
      triesLeft: SIGN_UP_CODE_TRIES - 1,
    });
    expect(await tryCode("203.0.113.1", owner.id, owner.code, owner.requesterHash)).toMatchObject({
      redirectTo: "/dashboard",
    });
    expect(await accounts("ada@example.com")).toHaveLength(1);
  });
});
