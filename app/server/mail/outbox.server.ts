import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { MailQueueState } from "../metrics.server";
import { noTracing, type Tracing } from "../tracing/tracing.server";
import { mailSeal } from "./mail-seal.server";
import type { MailMessage } from "./mailer.server";

/**
 * Where the app's mails go first: a row in the `mail` table. `enqueue`
 * writes it with the executor it is given, so a caller inside
 * `transaction` commits the mail together with what caused it (a mailed
 * link's token, a pending sign-up) or neither. `onQueued` (the worker's
 * nudge) runs once the transaction has committed. With tracing on, the
 * span that queued a mail is remembered by the mail's id, and the worker's
 * span for sending it becomes its child.
 */
export function mailOutbox({
  kysely,
  secret,
  onQueued = () => {},
  tracing = noTracing,
}: {
  kysely: Kysely<Database>;
  secret: string;
  onQueued?: () => void;
  tracing?: Tracing;
}) {
  const { seal } = mailSeal(secret);
  return {
    /** Writes the mail through `executor`: the database, or a transaction of `transaction`. */
    async enqueue(message: MailMessage, kind: string, executor: Kysely<Database> = kysely): Promise<void> {
      const now = new Date();
      const id = randomUUID();
      tracing.remember(id);
      await executor
        .insertInto("mail")
        .values({
          id,
          kind,
          payload: seal(message),
          status: "pending",
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
        })
        .execute();
      if (executor === kysely) onQueued();
    },

    /** Runs `work` in one transaction; the mails it queued are sent once it commits. */
    async transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      const result = await kysely.transaction().execute(work);
      onQueued();
      return result;
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;

/**
 * The mails waiting to be sent (a retry's included) and when the oldest of
 * them was queued, for the metrics: one query, on the status index. With
 * PostgreSQL it is every instance's queue.
 */
export async function mailQueueState(kysely: Kysely<Database>): Promise<MailQueueState> {
  const row = await kysely
    .selectFrom("mail")
    .select((eb) => [eb.fn.countAll<number | string>().as("depth"), eb.fn.min("createdAt").as("oldest")])
    .where("status", "=", "pending")
    .executeTakeFirst();
  // A computed value comes as SQLite or PostgreSQL give it: a count as text, a date as ISO text.
  const oldest = row?.oldest as Date | string | null | undefined;
  return { depth: Number(row?.depth ?? 0), oldestQueuedAt: oldest ? new Date(oldest) : null };
}
