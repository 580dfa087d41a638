import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import * as m from "../messages";

export const PASSWORD_REQUIRED_CODE = "PASSWORD_REQUIRED";

/** Whether this person has a password (a `credential` account with a hash). */
export async function hasPassword(kysely: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await kysely
    .selectFrom("account")
    .select("userId")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * better-auth plugin: deleting an account that has a password takes that
 * password. better-auth alone would also accept a recent sign-in instead;
 * that path stays for accounts without a password (SESSION_FRESH_AGE_SECONDS).
 */
export function requirePasswordToDelete(kysely: Kysely<Database>) {
  return {
    id: "require-password-to-delete",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/delete-user",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            const password = (ctx.body as { password?: unknown } | undefined)?.password;
            if (!session || (typeof password === "string" && password)) return;
            if (await hasPassword(kysely, session.user.id)) {
              throw new APIError("BAD_REQUEST", {
                message: m.passwordToDelete(),
                code: PASSWORD_REQUIRED_CODE,
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
