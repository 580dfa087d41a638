import { redirectWithCookies, refused } from "~/server/action-kit.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { linkProviderForm } from "./link-provider-form";
import { startLinking } from "./links.server";
import * as m from "./messages";
import { findProvider } from "./providers";
import { listSignInProviders, providerConfigOf } from "./registry.server";

/** "Link" on a provider's row: off to the provider, back on the dashboard (`?linked=` or `?error=`). */
export default dashboardAction({
  form: linkProviderForm,
  // Logged when the provider sends the browser back (`provider-linked`), not here.
  policy: {
    effect: "sign-in",
    proof: "recent-sign-in",
    limits: [],
    activity: ["provider-linked"],
    whileImpersonating: "refused",
  },
  target: "provider",
  async run({ services: { auth, env }, request: { headers }, form }) {
    const provider = findProvider(listSignInProviders(providerConfigOf(env)), form.provider);
    if (!provider) return refused(400, m.providerNotAvailable());
    const started = await startLinking(auth, headers, provider);
    if (!started.ok) return started;
    throw redirectWithCookies(started.url, started.setCookie);
  },
});
