import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { MethodIcon } from "~/components/dashboard/method-icon";
import { SignInAgainButton } from "~/components/dashboard/sign-in-again";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { LocalTime } from "~/components/local-time";
import { SubmitButton } from "~/components/submit-button";
import { rich } from "~/i18n/rich";
import type { DashboardData } from "~/lib/dashboard";
import type { unlinkProviderForm } from "~/lib/dashboard-forms";
import { showToast } from "~/shell/toast";
import LinkIcon from "~icons/lucide/link";
import type { linkProviderForm } from "./link-provider-form";
import * as m from "./messages";
import { isOAuthProviderId, OAUTH_PROVIDERS, type ProviderLink, providerLinks } from "./providers";
import { providersSection } from "./sections";
/**
 * The providers' rows of the dashboard's Sign-in methods card (after the
 * password's): each configured provider, to link or unlink, and any account
 * at a provider no longer offered, to unlink; why linking just failed; and
 * a toast when one was just linked.
 */
export function ProviderRows({ data }: { data: DashboardData }) {
  const part = providersSection.dataIn(data);
  const providers = providerLinks(part.offered, data.linkedAccounts);
  useLinkedToast(part.linked ?? null);
  return (
    <>
      {providers.length > 0 ? (
        <ul className="divide-y rounded-lg border" aria-label={m.signInProviders()}>
          {providers.map((provider) => (
            <ProviderRow
              key={provider.id}
              provider={provider}
              onlyWayIn={data.waysIn === 1 && provider.linkedAt !== null}
            />
          ))}
        </ul>
      ) : null}
      <FormFeedback error={part?.linkError ?? null} />
    </>
  );
}

function ProviderRow({ provider, onlyWayIn }: { provider: ProviderLink; onlyWayIn: boolean }) {
  const unlink = useDashboardForm<typeof unlinkProviderForm>("unlink-provider", provider.id);
  // Linking is a plain form (the answer is a redirect to the provider); a refusal comes back as the page's answer.
  const link = useDashboardForm<typeof linkProviderForm>("link-provider", provider.id);
  const refusal = unlink.error ? unlink : link;
  // An account at a provider the app does not know (it can still be unlinked) gets a plain link icon.
  const icon = isOAuthProviderId(provider.id) ? OAUTH_PROVIDERS[provider.id].icon : LinkIcon;
  return (
    <li className="grid gap-3 px-4 py-3">
      <div className="flex items-center gap-3">
        <MethodIcon icon={icon} />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium" translate="no">
            {provider.name}
          </p>
          <p className="text-muted-foreground text-xs">
            {provider.linkedAt ? (
              <>
                {rich(m.linkedOn(), {
                  date: () => <LocalTime value={provider.linkedAt ?? ""} style="date" />,
                })}
                {provider.linkedUnderPreviousEmail ? ` · ${m.withPreviousEmail()}` : null}
                {onlyWayIn ? ` · ${m.onlyWayIn()}` : null}
              </>
            ) : (
              m.notLinked()
            )}
          </p>
        </div>
        {provider.linkedAt ? (
          <unlink.Form method="post">
            {unlink.intentField}
            <input type="hidden" name={unlink.field("provider")} value={provider.id} />
            <SubmitButton
              busy={unlink.busy}
              variant="ghost"
              size="sm"
              aria-label={m.unlinkProvider({ provider: provider.name })}
            >
              {m.unlink()}
            </SubmitButton>
          </unlink.Form>
        ) : provider.offered ? (
          // A plain form: the answer is a redirect to the provider, which only a page navigation follows.
          <form method="post" action="/dashboard">
            {link.intentField}
            <input type="hidden" name={link.field("provider")} value={provider.id} />
            <SubmitButton
              busy={false}
              variant="outline"
              size="sm"
              aria-label={m.linkProvider({ provider: provider.name })}
            >
              {m.link()}
            </SubmitButton>
          </form>
        ) : null}
      </div>
      {refusal.error ? (
        <div className="grid gap-2">
          <FormFeedback error={refusal.error} />
          {refusal.signInAgain ? <SignInAgainButton /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** Back from a provider that was just linked (`?linked=github`): say so, then tidy the address. */
function useLinkedToast(linked: string | null) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (!linked || !params.has("linked")) return;
    void showToast(m.providerLinked({ provider: linked }));
    setParams(
      (next) => {
        next.delete("linked");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [linked, params, setParams]);
}
