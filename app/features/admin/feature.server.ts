/**
 * The admin console on the server: its columns and trail, better-auth's
 * `admin` plugin (fields, and the refusal of a suspended account's
 * sessions), `ADMIN_EMAILS`, the suspension's refusal of the ways in the
 * core runs itself, and the support sign-in's hooks (the administrator's
 * session given back when it ends, the trail of what it let through).
 */
import type { ServerFeature } from "~/server/features.server";
import { adminPlugin } from "./admin-plugin.server";
import { ADMIN_ENV_KEY, ADMIN_VARIABLES, adminSettingsOf, readAdminSettings } from "./administrators.server";
import * as admin from "./migrations/0014-admin";
import { recordSupportAction, restoreSession } from "./support-return.server";
import { supportSignInPlugin } from "./support-sessions.server";
import { suspensionRefusal } from "./suspension.server";
import { noWayInWhileSuspended } from "./suspension-plugin.server";

export default {
  // Its name is the one existing databases recorded: never rename it.
  migrations: { "0014-admin": admin },
  config: { key: ADMIN_ENV_KEY, variables: ADMIN_VARIABLES, read: readAdminSettings },
  auth: {
    plugins: () => [adminPlugin(), noWayInWhileSuspended()],
    betterAuth: ({ env }) => ({ plugins: [supportSignInPlugin(adminSettingsOf(env))] }),
    signInRefusal: suspensionRefusal,
    restoreSession,
    onSupportAction: recordSupportAction,
  },
} satisfies ServerFeature;
