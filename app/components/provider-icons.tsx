import type { OAuthProviderId } from "~/lib/sign-in-providers";
import GithubLogo from "~icons/simple-icons/github";
import GoogleLogo from "~icons/simple-icons/google";
import OpenidLogo from "~icons/simple-icons/openid";
import type { IconComponent } from "./icon-component";

/** Each sign-in provider's logo, drawn inline (no request), by the ids of `OAUTH_PROVIDERS`. */
export const PROVIDER_ICONS: Record<OAuthProviderId, IconComponent> = {
  github: GithubLogo,
  google: GoogleLogo,
  oidc: OpenidLogo,
};

export function ProviderLogo({ id, className }: { id: OAuthProviderId; className?: string }) {
  const Logo = PROVIDER_ICONS[id];
  return <Logo className={className} />;
}
