/**
 * better-auth's `admin` plugin, for what fits the console: its fields on
 * the user (`role`, `banned`, `banReason`, `banExpires`) and the session
 * (`impersonatedBy`), and its refusal of every session a suspended account
 * would get, whichever way in made it (a password, a provider, a passkey,
 * a second step, a sign-up's code): `403` with the suspension's message.
 * Its HTTP endpoints stay closed (the edge's allowlist opens none of them),
 * and the console never calls them: its own actions keep the trail, the
 * locks and the two-step rule the plugin lacks.
 */
import { admin } from "better-auth/plugins/admin";
import { accountRefusedMessage } from "~/lib/account-refused";
import { ADMIN_ROLE } from "./administrators.server";

export const adminPlugin = () =>
  admin({
    adminRoles: [ADMIN_ROLE],
    // Said at each refusal, in the language of the request that asked for the session.
    bannedUserMessage: () => accountRefusedMessage(),
  });
