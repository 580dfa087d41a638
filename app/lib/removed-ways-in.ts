/**
 * What the first proof of an account's mailbox removed (passkeys, providers
 * by name, two-step sign-in), as the mail and the pages say it. Shared by both sides.
 */
export type RemovedWaysIn = { passkeys: number; providers: string[]; twoStep: boolean };

/** Whether anything was removed, so the mail and the page have something to say. */
export function removedAnything({ passkeys, providers, twoStep }: RemovedWaysIn): boolean {
  return passkeys > 0 || providers.length > 0 || twoStep;
}

/** "2 passkeys", "Signing in with GitHub", "Two-step sign-in …": one line per removed way in. */
export function describeRemovedWaysIn({ passkeys, providers, twoStep }: RemovedWaysIn): string[] {
  const lines = providers.map((provider) => `Signing in with ${provider}`);
  if (passkeys > 0) lines.unshift(passkeys === 1 ? "1 passkey" : `${passkeys} passkeys`);
  if (twoStep) lines.push("Two-step sign-in, with the authenticator app and recovery codes set up for it");
  return lines;
}
