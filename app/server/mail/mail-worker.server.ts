import { randomUUID } from "node:crypto";
import type { Kysely, Updateable } from "kysely";
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_FIRST_MS } from "~/lib/constants";
import type { Database, MailTable } from "../../../db/schema";
import { countMailFailure, countMailSent } from "../metrics.server";
import { type ActiveSpan, noTracing, type Tracing } from "../tracing/tracing.server";
import { mailSeal } from "./mail-seal.server";
import { errorCodeOf, type MailDelivery, type MailMessage, MailSendError } from "./mailer.server";

/** How long the shutdown waits for mails being sent; the rest stay in the outbox table for the next start. */
const MAIL_SHUTDOWN_WAIT_MS = 5_000;

/** How often each instance looks at the outbox table (mails are also sent at once when queued). */
const MAIL_POLL_MS = 5_000;

/** Mails one instance claims at a time. */
const MAIL_BATCH_SIZE = 8;

const MAIL_RETRY_MAX_MS = 60 * 60 * 1000;

type MailLog = (record: { level: "info" | "warn" | "error"; msg: string } & Record<string, unknown>) => void;

type WorkerOptions = {
  kysely: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  secret: string;
  deliver: MailDelivery;
  log: MailLog;
  /** The clock, for tests of the back-off. */
  now?: () => number;
  pollMs?: number;
  tracing?: Tracing;
};

export type MailWorker = {
  /** Look for due mails now (a mail was just queued). */
  nudge(): void;
  /** Stops looking; waits for the mails being sent, at most `MAIL_SHUTDOWN_WAIT_MS`. */
  stop(): Promise<void>;
};

/** How long after its `attempts`-th failed try a mail is tried again: doubling, capped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);
}

/**
 * Sends what the outbox holds. Each instance runs one; they share the work
 * through the database. A mail is claimed with a lease (`claim`,
 * `claimedUntil`) in one atomic `UPDATE` (on PostgreSQL over rows locked
 * with `SKIP LOCKED`), so two instances never hold the same mail; the lease
 * lasts twice a send's timeout, and a mail whose sender died is claimed
 * again when its lease ends. A mail is marked sent only by the claim that sent
 * it. A failed send is tried again after a doubling delay, and given up
 * (logged as an error) after `MAIL_MAX_ATTEMPTS`; a send that may have
 * handed the mail over anyway (an SMTP server silent after the message, a
 * send cut off by its timeout) is marked `uncertain` and never sent again
 * (logged as an error too). Logs name a failure by its code only: a mail
 * error's message can carry the recipient's address. The worker looks when
 * nudged and every `MAIL_POLL_MS` (for other instances' mails, retries,
 * and what a crashed process left). With tracing on, each send is a span
 * (`mail send`), the child of the span that queued the mail when this
 * process queued it; the worker's own looking (claims, polls) belongs to no
 * request's trace, even when a request nudged it.
 */
export function startMailWorker(options: WorkerOptions): MailWorker {
  const { kysely, dialect, secret, deliver, log, now = Date.now, pollMs = MAIL_POLL_MS } = options;
  const { tracing = noTracing } = options;
  const { open } = mailSeal(secret);
  const time = (ms: number) => new Date(ms);
  let stopped = false;
  let again = false;
  let draining: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let unavailable = false;

  async function claimDue() {
    const at = time(now());
    const claim = randomUUID();
    const due = kysely
      .selectFrom("mail")
      .select("id")
      .where("status", "=", "pending")
      .where("nextAttemptAt", "<=", at)
      .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<=", at)]))
      .orderBy("nextAttemptAt")
      .limit(MAIL_BATCH_SIZE)
      .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked());
    const rows = await kysely
      .updateTable("mail")
      .set((eb) => ({
        claim,
        claimedUntil: time(now() + 2 * deliver.timeoutMs),
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "in", due)
      // Checked again on the row itself: a row another instance claimed meanwhile is not taken.
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<=", at)]))
      .returning(["id", "kind", "payload", "attempts", "createdAt"])
      .execute();
    return rows.map((row) => ({ ...row, claim }));
  }

  type Claimed = Awaited<ReturnType<typeof claimDue>>[number];

  const settle = (row: Claimed, changes: Updateable<MailTable>) =>
    kysely
      .updateTable("mail")
      .set({ ...changes, claim: null, claimedUntil: null })
      .where("id", "=", row.id)
      .where("claim", "=", row.claim)
      .execute();

  /** Sends one claimed mail in its span: which kind, which attempt, and how it ended; never to whom. */
  function sendTraced(row: Claimed) {
    const attributes = { "mail.kind": row.kind, "mail.id": row.id, "mail.attempt": row.attempts };
    return tracing.inSpanFor(row.id, "mail send", { kind: "client", attributes }, (span) => send(row, span));
  }

  async function send(row: Claimed, span: ActiveSpan) {
    const base = { kind: row.kind, mailId: row.id, attempt: row.attempts };
    let message: MailMessage;
    try {
      message = open(row.payload);
    } catch {
      // Sealed with another secret: no retry can read it.
      span.setAttributes({ "mail.outcome": "unreadable" });
      span.fail(new MailSendError("UNREADABLE", false));
      await settle(row, { status: "failed", payload: "" });
      countMailFailure();
      log({ level: "error", msg: "mail unreadable (was the secret changed?); not sent", ...base });
      return;
    }
    try {
      const { file } = await withTimeout(
        deliver.send(message, { id: row.id, createdAt: row.createdAt }),
        deliver.timeoutMs,
      );
      span.setAttributes({ "mail.outcome": file ? "written" : "sent" });
      await settle(row, { status: "sent", sentAt: time(now()), payload: "" });
      countMailSent();
      log({ level: "info", msg: file ? "mail written" : "mail sent", ...base, ...(file ? { file } : {}) });
    } catch (error) {
      const failure = sendFailureOf(error);
      countMailFailure();
      const reason = {
        code: failure.code,
        ...(failure.responseCode ? { responseCode: failure.responseCode } : {}),
      };
      span.fail(failure);
      if (failure.mayHaveBeenSent) {
        span.setAttributes({ "mail.outcome": "uncertain" });
        await settle(row, { status: "uncertain", payload: "" });
        log({ level: "error", msg: "mail may have been sent; not sent again", ...base, ...reason });
        return;
      }
      const last = row.attempts >= MAIL_MAX_ATTEMPTS;
      const delay = retryDelayMs(row.attempts);
      span.setAttributes({ "mail.outcome": last ? "failed" : "retry" });
      await settle(
        row,
        last ? { status: "failed", payload: "" } : { status: "pending", nextAttemptAt: time(now() + delay) },
      );
      log({
        level: last ? "error" : "warn",
        msg: last ? "mail failed; giving up" : "mail failed; will retry",
        ...base,
        ...(last ? {} : { retryInSeconds: Math.round(delay / 1000) }),
        ...reason,
      });
    }
  }

  /** A failed send as the delivery told it; cut off by the timeout, as the delivery says such a cut may end. */
  function sendFailureOf(error: unknown): MailSendError {
    if (error instanceof MailSendError) return error;
    if (error instanceof SendTimeout) return new MailSendError("TIMEOUT", deliver.timeoutMayHaveSent);
    return new MailSendError(errorCodeOf(error), false);
  }

  async function drain() {
    while (!stopped) {
      again = false;
      const batch = await claimDue();
      if (batch.length === 0 && !again) return;
      await Promise.all(batch.map(sendTraced));
    }
  }

  /** Looks for due mails now, outside the trace of whoever asked (a request that queued one). */
  function nudge() {
    tracing.outside(lookNow);
  }

  function lookNow() {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    clearTimeout(timer);
    draining = drain()
      .then(
        () => {
          if (unavailable) log({ level: "info", msg: "mail outbox reachable again" });
          unavailable = false;
        },
        (error: unknown) => {
          // Said once per outage; the next look tries again.
          if (!unavailable) log({ level: "warn", msg: "mail outbox unavailable", code: errorCodeOf(error) });
          unavailable = true;
        },
      )
      .finally(() => {
        draining = undefined;
        if (stopped) return;
        timer = setTimeout(nudge, pollMs);
        timer.unref();
      });
  }

  nudge();
  return {
    nudge,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (draining) await withTimeout(draining, MAIL_SHUTDOWN_WAIT_MS).catch(() => {});
    },
  };
}

/** A send that did not settle within its delivery's `timeoutMs`. */
class SendTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
