/**
 * Teams and account deletion: the only owner of a team that has other
 * members cannot delete their account until someone else owns it (or the
 * team is gone); a team whose last member's account is deleted goes with it.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { deleteTeamsWithoutMembers, soleOwnerRefusal } from "./teams.server";

export const SOLE_OWNER_CODE = "SOLE_OWNER_OF_A_TEAM";

/** better-auth plugin: refuses `/delete-user` for a team's only owner, and deletes the teams it leaves empty. */
export function teamsOnAccountDeletion(db: Kysely<Database>) {
  return {
    id: "teams-on-account-deletion",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/delete-user",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            const refusal = session ? await soleOwnerRefusal(db, session.user.id) : null;
            if (refusal) throw new APIError("CONFLICT", { message: refusal, code: SOLE_OWNER_CODE });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/delete-user",
          handler: createAuthMiddleware(async () => {
            await deleteTeamsWithoutMembers(db);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
