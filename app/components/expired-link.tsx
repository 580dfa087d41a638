import type { ReactNode } from "react";
import { CenteredCard } from "./centered-card";

/**
 * What a mailed link shows once it no longer works: used, expired, or
 * altered on the way (the page cannot tell these apart, and says so).
 */
export function ExpiredLink({ children }: { children: ReactNode }) {
  return (
    <CenteredCard
      title="This link no longer works"
      description="It was already used, it expired, or it was cut short when it was copied. Each link in our mails works only once, for a limited time."
    >
      {children}
    </CenteredCard>
  );
}
