import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";

/** Whether an account other than `userId`'s signs in with `email` (a change cannot move into it, nor an undo put it back). */
export async function takenByAnother(trx: Kysely<Database>, email: string, userId: string): Promise<boolean> {
  const row = await trx.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined && row.id !== userId;
}
