import type { OAuthProviderId } from "~/lib/sign-in-providers";
import GithubLogo from "~icons/simple-icons/github";
import GoogleLogo from "~icons/simple-icons/google";
import OpenidLogo from "~icons/simple-icons/openid";
import type { IconComponent } from "./icon-component";

/** The sign-in providers' logos, drawn inline (no request). */
export const PROVIDER_ICONS: Record<OAuthProviderId, IconComponent> = {
  github: GithubLogo,
  google: GoogleLogo,
  oidc: OpenidLogo,
};

export function ProviderLogo({ id, className }: { id: OAuthProviderId; className?: string }) {
  const Logo = PROVIDER_ICONS[id];
  return <Logo className={className} />;
}
