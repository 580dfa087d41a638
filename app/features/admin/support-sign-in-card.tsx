/**
 * PLACEHOLDER, replaced by the support sign-in's own card when its branch
 * is merged: the account page renders it here, with these props, so that
 * this branch builds on its own. It renders nothing.
 */
export type SupportSignInCardProps = {
  account: { id: string; name: string; email: string; isAdmin: boolean; suspended: boolean };
};

export function SupportSignInCard(_props: SupportSignInCardProps) {
  return null;
}
