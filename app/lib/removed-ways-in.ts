import * as m from "./messages";

/**
 * What the first proof of an account's mailbox removed (the features' ways
 * in, a line each as they word them, and providers by name), as the mail
 * and the pages say it. Shared by both sides.
 */
export type RemovedWaysIn = { fromFeatures: string[]; providers: string[] };

/** Whether anything was removed, so the mail and the page have something to say. */
export function removedAnything({ fromFeatures, providers }: RemovedWaysIn): boolean {
  return fromFeatures.length > 0 || providers.length > 0;
}

/** "2 passkeys", "Signing in with GitHub", …: one line per removed way in, in the reader's language. */
export function describeRemovedWaysIn({ fromFeatures, providers }: RemovedWaysIn): string[] {
  return [...fromFeatures, ...providers.map((provider) => m.signingInWith({ provider }))];
}
