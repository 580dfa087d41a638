import type { BetterAuthPlugin } from "better-auth";
import type { Auth } from "./auth.server";

/**
 * The endpoints a feature's better-auth plugin adds, typed from the plugin
 * itself, for calling them from the server:
 * `pluginApi<typeof teamsPlugin>(auth).createOrganization({ body, headers })`.
 *
 * `Auth`'s own type knows only the core's plugins: the features' are added
 * when the app starts (`AuthExtensions.betterAuth`), so TypeScript cannot see
 * them on `auth.api`. Pass the function that makes the plugin (its factory),
 * whose `endpoints` better-auth mounts on `auth.api` under the same names.
 */
export function pluginApi<Factory extends (...args: never[]) => BetterAuthPlugin>(
  auth: Pick<Auth, "api">,
): NonNullable<ReturnType<Factory>["endpoints"]> {
  // The one place the app says what TypeScript cannot see: the plugin's endpoints are on `auth.api`.
  return auth.api as unknown as NonNullable<ReturnType<Factory>["endpoints"]>;
}
