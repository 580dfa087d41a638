/**
 * The suspension's own better-auth plugin: no way in joins a suspended
 * account. A provider's sign-in with the account's verified address links
 * the provider first and asks for the session after (better-auth's OAuth
 * callback), so the admin plugin's refusal of the session would come once
 * the link was made. This refuses the link itself, with the admin plugin's
 * code and message: the callback comes back with `?error=BANNED_USER`,
 * and nothing changed.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError } from "better-auth/api";
import { accountRefusedMessage } from "~/lib/account-refused";
import { ACCOUNT_REFUSED_CODE } from "~/lib/constants";
import { isSuspended } from "./suspension.server";

type Ban = { banned?: boolean | null; banExpires?: Date | string | null };

export const noWayInWhileSuspended = () =>
  ({
    id: "admin-suspension",
    init: (authContext) => ({
      options: {
        databaseHooks: {
          account: {
            create: {
              async before(account, ctx) {
                const adapter = ctx?.context.internalAdapter ?? authContext.internalAdapter;
                // The admin plugin's fields, which better-auth's user type does not list.
                const user = (await adapter.findUserById(account.userId)) as Ban | null;
                const banExpires = user?.banExpires ? new Date(user.banExpires) : null;
                if (user && isSuspended({ banned: Boolean(user.banned), banExpires })) {
                  throw APIError.from("FORBIDDEN", {
                    message: accountRefusedMessage(),
                    code: ACCOUNT_REFUSED_CODE,
                  });
                }
              },
            },
          },
        },
      },
    }),
  }) satisfies BetterAuthPlugin;
