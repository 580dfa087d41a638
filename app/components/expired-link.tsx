import type { ReactNode } from "react";
import { CenteredCard } from "./centered-card";
import * as m from "./messages";

/**
 * What a mailed link shows once it no longer works: used, expired, or
 * altered on the way (the page cannot tell these apart, and says so).
 */
export function ExpiredLink({ children }: { children: ReactNode }) {
  return (
    <CenteredCard title={m.expiredLinkTitle()} description={m.expiredLinkDescription()}>
      {children}
    </CenteredCard>
  );
}
