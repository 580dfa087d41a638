/**
 * `POST /admin/support/stop`, the banner's Stop: ends the support sign-in
 * and gives the browser back to its administrator, on the person's console
 * page (./support-return.server.ts). A plain form post: it works without
 * JavaScript, and with it the whole page loads again, as the other person.
 * Nothing to stop answers a redirect, never an error; opening the address
 * is the app's own 404.
 */
import { redirectDocument } from "react-router";
import { withCookies } from "~/server/action-kit.server";
import { getServices, sessionContext } from "~/server/context.server";
import type { Route } from "./+types/support-stop";
import { notFound } from "./console-access.server";
import { stopSupportSignIn } from "./support-return.server";

export function loader() {
  throw notFound();
}

export async function action({ request, context }: Route.ActionArgs) {
  const stopped = await stopSupportSignIn(getServices(context), request, context.get(sessionContext));
  throw redirectDocument(stopped.location, { headers: withCookies(stopped.setCookie) });
}
