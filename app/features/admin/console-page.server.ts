/**
 * What every page of the console does first, in its loader: the console's
 * access rule (./console-access.server.ts: the app's own `404` for anyone
 * who is not an administrator), then, for an administrator without a
 * second factor, a `404` whose page says how to turn one on and shows
 * nothing else; else what the page loads.
 */
import { data, type RouterContextProvider } from "react-router";
import type { AppServices } from "~/server/context.server";
import { secondFactorChoices } from "~/server/feature-hooks.server";
import type { AdminSettings } from "./administrators.server";
import { adminSettingsOf } from "./administrators.server";
import { type Administrator, consoleAccess } from "./console-access.server";

/** What a page's loader gets once the console is open: the administrator, the app, `ADMIN_EMAILS`. */
export type OpenConsole = { admin: Administrator; services: AppServices; settings: AdminSettings };

export async function loadConsolePage<Loaded extends object>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  load: (open: OpenConsole) => Promise<Loaded>,
) {
  const access = await consoleAccess(context, request);
  if (!access.open) {
    return data(
      { open: false as const, setUp: secondFactorChoices() },
      { status: 404, statusText: "Not Found" },
    );
  }
  const { admin, services } = access;
  const loaded = await load({ admin, services, settings: adminSettingsOf(services.env) });
  return { open: true as const, ...loaded };
}
