/**
 * What the first proof of an account's mailbox removed (the features' ways
 * in as they say them, providers by name, two-step sign-in), as the mail
 * and the pages say it. Shared by both sides.
 */
export type RemovedWaysIn = { fromFeatures: string[]; providers: string[]; twoStep: boolean };

/** Whether anything was removed, so the mail and the page have something to say. */
export function removedAnything({ fromFeatures, providers, twoStep }: RemovedWaysIn): boolean {
  return fromFeatures.length > 0 || providers.length > 0 || twoStep;
}

/** "2 passkeys", "Signing in with GitHub", "Two-step sign-in …": one line per removed way in. */
export function describeRemovedWaysIn({ fromFeatures, providers, twoStep }: RemovedWaysIn): string[] {
  const lines = [...fromFeatures, ...providers.map((provider) => `Signing in with ${provider}`)];
  if (twoStep) lines.push("Two-step sign-in, with the authenticator app and recovery codes set up for it");
  return lines;
}
