import type { DB, Mail } from "./schema.generated";

/**
 * Every table the migrations create, as the app reads and writes it:
 * `Kysely<Database>`. The row types are generated from the migrations
 * (`npm run db:types` writes schema.generated.ts; `npm run lint` fails when
 * it is stale): a flag is a `boolean` and a point in time a `Date` on both
 * databases (app/server/db/sqlite-values.server.ts converts SQLite's 0/1
 * and ISO text). Here only what a column's type cannot say.
 */
export interface Database extends Omit<DB, "mail"> {
  mail: MailTable;
}

/** The mail outbox (0004-mail-outbox.ts). */
export type MailTable = Omit<Mail, "status"> & {
  /** `uncertain`: a send the mail server may have taken without telling us; never sent again. */
  status: "pending" | "sent" | "failed" | "uncertain";
};
