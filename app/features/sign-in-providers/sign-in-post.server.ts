import { REDIRECT_PARAM } from "~/lib/constants";
import {
  overLimit,
  type Refusal,
  readForm,
  redirectWithCookies,
  refused,
  text,
} from "~/server/action-kit.server";
import type { AppServices } from "~/server/context.server";
import { clientIpOf } from "~/server/limits/rate-limit.server";
import * as m from "./messages";
import { startOAuthSignIn } from "./oauth.server";
import { findProvider } from "./providers";
import { listSignInProviders, providerConfigOf } from "./registry.server";

/**
 * A provider's button on the sign-in page (a post to `/login` with
 * `intent=oauth`): counted against the client IP, then off to the provider,
 * in the popup (`display=popup`) or as the whole page. A refusal is shown
 * above the email form.
 */
export async function startProviderSignIn(services: AppServices, request: Request): Promise<Refusal> {
  const form = await readForm(request, { provider: text, display: text, [REDIRECT_PARAM]: text });
  const provider = findProvider(listSignInProviders(providerConfigOf(services.env)), form.provider);
  if (!provider) return refused(400, m.wayNotAvailable());
  const limited = overLimit(await services.rateLimits.ip(clientIpOf(request)));
  if (limited) return limited;
  const started = await startOAuthSignIn(services.auth, {
    provider,
    redirectTo: form[REDIRECT_PARAM],
    display: form.display === "popup" ? "popup" : "page",
    headers: request.headers,
  });
  if (!started.ok) return started;
  throw redirectWithCookies(started.url, started.setCookie);
}
