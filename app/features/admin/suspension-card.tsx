/**
 * PLACEHOLDER, replaced by the suspension's own card when its branch is
 * merged: the account page renders it here, with these props, so that this
 * branch builds on its own. It renders nothing.
 */
export type SuspensionCardProps = {
  account: {
    id: string;
    email: string;
    isAdmin: boolean;
    suspension: { reason: string | null; until: string | null } | null;
  };
};

export function SuspensionCard(_props: SuspensionCardProps) {
  return null;
}
