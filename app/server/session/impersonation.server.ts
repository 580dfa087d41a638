import type { AuthSession } from "../auth/auth.server";

/**
 * Whether an administrator is signed in as this session's person (the
 * admin console's support sign-in). A module of its own, importing nothing:
 * the action policy asks it, and must not load the features' registry
 * (../feature-hooks.server.ts) that imports every action kit back.
 */
export function isImpersonated(session: AuthSession["session"]): boolean {
  return Boolean((session as { impersonatedBy?: string | null }).impersonatedBy);
}
