import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_FIRST_MS } from "~/lib/constants";
import type { Database } from "../../../db/schema";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { startSmtpSink } from "../../../tests/fixtures/smtp-sink";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import { migrateToLatest, type OpenedDatabase } from "../db/database.server";
import { type MailWorker, retryDelayMs, startMailWorker } from "./mail-worker.server";
import { createMailDelivery, type MailDelivery, type MailMessage } from "./mailer.server";
import { mailOutbox } from "./outbox.server";

const SECRET = "s".repeat(43);
const SEND_TIMEOUT_MS = 1_000;
const message = (n: number): MailMessage => ({
  to: `person-${n}@example.com`,
  subject: `Mail ${n}`,
  text: `https://app.example.com/verify-email?token=secret-${n}`,
  html: `<p>https://app.example.com/verify-email?token=secret-${n}</p>`,
});

type Logged = Record<string, unknown>;
const rows = (kysely: Kysely<Database>) =>
  kysely.selectFrom("mail").selectAll().orderBy("createdAt").execute();

/** Resolves when `check` holds, looking again after each turn of the event loop. */
async function until(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(STORAGES)("the mail outbox on $name", ({ configured, create }) => {
  let storage: Storage | undefined;
  const workers: MailWorker[] = [];
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    for (const close of closing.splice(0)) await close();
    await storage?.cleanUp();
    storage = undefined;
  });

  const skipNote = configured ? "" : ` (${NO_POSTGRES})`;

  async function open(instances = 1) {
    storage = await create();
    const dbs = [];
    for (let i = 0; i < instances; i += 1) dbs.push(await storage.open());
    await migrateToLatest((dbs[0] as (typeof dbs)[number]).kysely);
    return dbs;
  }

  function worker(
    db: Pick<OpenedDatabase, "kysely" | "dialect">,
    send: MailDelivery["send"] | MailDelivery,
    log: Logged[] = [],
    now?: () => number,
  ) {
    const started = startMailWorker({
      ...db,
      secret: SECRET,
      deliver:
        typeof send === "function" ? { send, timeoutMs: SEND_TIMEOUT_MS, timeoutMayHaveSent: false } : send,
      log: (record) => log.push(record),
      now,
      pollMs: 20,
    });
    workers.push(started);
    return started;
  }

  test.skipIf(!configured)(
    `a queued mail is sent once, sealed while it waits and erased once sent${skipNote}`,
    async () => {
      const [db] = await open();
      if (!db) throw new Error("no database");
      const outbox = mailOutbox({ kysely: db.kysely, secret: SECRET });
      await outbox.enqueue(message(1), "email-verification");
      const [waiting] = await rows(db.kysely);
      expect(waiting).toMatchObject({ status: "pending", attempts: 0 });
      // Neither the link nor the address can be read from the database.
      expect(waiting?.payload).not.toContain("secret-1");
      expect(Buffer.from(waiting?.payload ?? "", "base64url").toString("latin1")).not.toContain("person-1");

      const delivered: { message: MailMessage; id: string }[] = [];
      const log: Logged[] = [];
      worker(
        db,
        async (sent, { id }) => {
          delivered.push({ message: sent, id });
          return {};
        },
        log,
      );
      await until(async () => (await rows(db.kysely))[0]?.status === "sent", "the mail is marked sent");
      expect(delivered).toEqual([{ message: message(1), id: waiting?.id }]);
      expect((await rows(db.kysely))[0]).toMatchObject({ payload: "", attempts: 1 });
      expect(log).toContainEqual(
        expect.objectContaining({ level: "info", msg: "mail sent", kind: "email-verification" }),
      );
      expect(JSON.stringify(log)).not.toContain("person-1");
    },
  );

  test.skipIf(!configured)(`a mail and what caused it commit together, or neither${skipNote}`, async () => {
    const [db] = await open();
    if (!db) throw new Error("no database");
    const outbox = mailOutbox({ kysely: db.kysely, secret: SECRET });
    await expect(
      outbox.transaction(async (trx) => {
        await outbox.enqueue(message(1), "password-reset", trx);
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await rows(db.kysely)).toEqual([]);
    let nudged = 0;
    const nudging = mailOutbox({ kysely: db.kysely, secret: SECRET, onQueued: () => (nudged += 1) });
    await nudging.transaction((trx) => nudging.enqueue(message(2), "password-reset", trx));
    expect(await rows(db.kysely)).toHaveLength(1);
    expect(nudged).toBe(1);
  });

  test.skipIf(!configured)(`two instances send each of 40 mails exactly once${skipNote}`, async () => {
    const [first, second] = await open(2);
    if (!first || !second) throw new Error("no database");
    const outbox = mailOutbox({ kysely: first.kysely, secret: SECRET });
    for (let n = 0; n < 40; n += 1) await outbox.enqueue(message(n), "test");
    const sends = new Map<string, number>();
    const deliver: MailDelivery["send"] = async (_message, { id }) => {
      sends.set(id, (sends.get(id) ?? 0) + 1);
      // A send takes a moment, so the two instances' claims overlap.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      return {};
    };
    worker(first, deliver);
    worker(second, deliver);
    await until(
      async () => (await rows(first.kysely)).every((row) => row.status === "sent"),
      "all 40 are sent",
    );
    expect(sends.size).toBe(40);
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
  });

  test.skipIf(!configured)(
    `a failed send is tried again after a doubling delay, then given up${skipNote}`,
    async () => {
      const [db] = await open();
      if (!db) throw new Error("no database");
      await mailOutbox({ kysely: db.kysely, secret: SECRET }).enqueue(message(1), "test");
      let clock = Date.now();
      let tries = 0;
      const log: Logged[] = [];
      const mailWorker = worker(
        db,
        async () => {
          tries += 1;
          throw new Error("connect ECONNREFUSED 127.0.0.1:25");
        },
        log,
        () => clock,
      );
      await until(() => tries === 1, "the first try");
      await until(
        async () => (await rows(db.kysely))[0]?.attempts === 1 && log.length === 1,
        "the failure is recorded",
      );
      expect(log[0]).toMatchObject({ level: "warn", msg: "mail failed; will retry", retryInSeconds: 5 });
      // Not due yet: no second try however often the worker looks.
      mailWorker.nudge();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(tries).toBe(1);
      for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
        clock += retryDelayMs(attempt);
        await until(() => tries === attempt + 1, `try ${attempt + 1}`);
      }
      await until(async () => (await rows(db.kysely))[0]?.status === "failed", "the mail is given up");
      expect((await rows(db.kysely))[0]).toMatchObject({ payload: "", attempts: MAIL_MAX_ATTEMPTS });
      expect(log.at(-1)).toMatchObject({
        level: "error",
        msg: "mail failed; giving up",
        attempt: MAIL_MAX_ATTEMPTS,
      });
      expect(retryDelayMs(1)).toBe(MAIL_RETRY_FIRST_MS);
      expect(retryDelayMs(2)).toBe(2 * MAIL_RETRY_FIRST_MS);
    },
  );

  test.skipIf(!configured)(
    `a mail whose sender died is sent once its claim has run out, not before${skipNote}`,
    async () => {
      const [db] = await open();
      if (!db) throw new Error("no database");
      await mailOutbox({ kysely: db.kysely, secret: SECRET }).enqueue(message(1), "test");
      // An instance claimed it, then was killed before sending.
      const claimedAt = Date.now();
      await sql`UPDATE "mail" SET "claim" = 'dead-instance', "claimedUntil" = ${new Date(claimedAt + 2 * SEND_TIMEOUT_MS).toISOString()}, "attempts" = 1`.execute(
        db.kysely,
      );
      let clock = claimedAt + 1000;
      let sent = 0;
      const restarted = worker(
        db,
        async () => {
          sent += 1;
          return {};
        },
        [],
        () => clock,
      );
      restarted.nudge();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sent).toBe(0);
      clock = claimedAt + 2 * SEND_TIMEOUT_MS + 1;
      await until(async () => (await rows(db.kysely))[0]?.status === "sent", "the mail is sent");
      expect(sent).toBe(1);
    },
  );

  test.skipIf(!configured)(
    `a mail sealed with another secret is given up and logged, not retried${skipNote}`,
    async () => {
      const [db] = await open();
      if (!db) throw new Error("no database");
      await mailOutbox({ kysely: db.kysely, secret: "another secret".repeat(4) }).enqueue(message(1), "test");
      const log: Logged[] = [];
      let sent = 0;
      worker(
        db,
        async () => {
          sent += 1;
          return {};
        },
        log,
      );
      await until(async () => (await rows(db.kysely))[0]?.status === "failed", "the mail is given up");
      expect(sent).toBe(0);
      expect(log).toContainEqual(expect.objectContaining({ level: "error", kind: "test" }));
    },
  );
  /** The app's SMTP delivery, to a test server, with the suite's short send timeout. */
  async function smtpTo(sink: Parameters<typeof startSmtpSink>[0]) {
    const server = await startSmtpSink(sink);
    closing.push(server.close);
    const delivery = createMailDelivery({
      smtpUrl: server.url,
      from: "no-reply@app.example.com",
      dataDir: mkdtempSync(join(tmpdir(), "outbox-test-")),
      domain: "app.example.com",
      log: () => {},
    });
    return { server, delivery: { ...delivery, timeoutMs: SEND_TIMEOUT_MS } };
  }

  test.skipIf(!configured)(
    `a send with no answer after the message (the server may have it) is never sent again, and is logged without the address${skipNote}`,
    async () => {
      const [db] = await open();
      if (!db) throw new Error("no database");
      const { server, delivery } = await smtpTo({ answerMessage: (to) => to !== "person-1@example.com" });
      const outbox = mailOutbox({ kysely: db.kysely, secret: SECRET });
      await outbox.enqueue(message(1), "password-reset");
      let clock = Date.now();
      const log: Logged[] = [];
      worker(db, delivery, log, () => clock);
      await until(() => server.received.length === 1 && log.length === 1, "the send times out");

      // Any retry is due now; a later mail goes out in the same claim as a due retry would.
      clock += 2 * retryDelayMs(MAIL_MAX_ATTEMPTS);
      await outbox.enqueue(message(2), "password-reset");
      await until(async () => {
        const [first, second] = await rows(db.kysely);
        return second?.status === "sent" && first?.claim === null;
      }, "the later mail is sent");
      expect(server.received).toEqual(["person-1@example.com", "person-2@example.com"]);
      expect((await rows(db.kysely))[0]).toMatchObject({ status: "uncertain", attempts: 1, payload: "" });
      expect(log[0]).toMatchObject({
        level: "error",
        msg: "mail may have been sent; not sent again",
        kind: "password-reset",
        code: "TIMEOUT",
      });
      expect(JSON.stringify(log)).not.toContain("person-");
    },
  );

  test.skipIf(!configured)(
    `a recipient refused for now (4xx before the message) is tried again, and the log names a code, never the address${skipNote}`,
    async () => {
      const [db] = await open();
      if (!db) throw new Error("no database");
      let refusals = 0;
      const { server, delivery } = await smtpTo({
        refuseRecipient: (address) =>
          refusals++ === 0 ? { code: 450, message: `<${address}> is over its quota, try later` } : null,
      });
      await mailOutbox({ kysely: db.kysely, secret: SECRET }).enqueue(message(1), "password-reset");
      let clock = Date.now();
      const log: Logged[] = [];
      worker(db, delivery, log, () => clock);
      await until(() => log.length === 1, "the refusal is logged");
      expect(JSON.stringify(log)).not.toContain("person-1");
      expect(log[0]).toMatchObject({
        level: "warn",
        msg: "mail failed; will retry",
        code: "EENVELOPE",
        responseCode: 450,
      });

      clock += retryDelayMs(1);
      await until(async () => (await rows(db.kysely))[0]?.status === "sent", "the mail is sent");
      expect(server.received).toEqual(["person-1@example.com"]);
    },
  );
});
