import type { Kysely } from "kysely";
import type { PasskeySummary } from "~/lib/dashboard";
import { passkeyName } from "~/lib/fields";
import type { Database } from "../../../db/schema";
import { attempt, done, type Outcome, refused } from "../action-kit.server";
import type { Auth } from "../auth/auth.server";
import { PASSKEY_NOT_FOUND } from "../auth/sign-in-methods.server";

/** A person's passkeys, newest first: one indexed query (`passkey_userId_idx`). */
export async function listPasskeys(kysely: Kysely<Database>, userId: string): Promise<PasskeySummary[]> {
  const passkeys = await kysely
    .selectFrom("passkey")
    .select(["id", "name", "createdAt"])
    .where("userId", "=", userId)
    .execute();
  return passkeys
    .map((passkey) => ({
      id: passkey.id,
      name: passkey.name || "Passkey",
      createdAt: passkey.createdAt?.toISOString() ?? null,
    }))
    .sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
}

/** Renames one of the signed-in person's passkeys. */
export async function renamePasskey(
  auth: Auth,
  headers: Headers,
  id: string,
  name: unknown,
): Promise<Outcome> {
  const parsed = passkeyName.safeParse(name);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Give the passkey a name.";
    return refused(400, message, { name: message });
  }
  return attempt(
    async () => {
      await auth.api.updatePasskey({ body: { id, name: parsed.data }, headers });
      return done("Passkey renamed.");
    },
    {},
    PASSKEY_NOT_FOUND,
  );
}
