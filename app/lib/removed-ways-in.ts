/**
 * What the first proof of an account's mailbox removed (passkeys, providers
 * by name, and the features' ways in, a line each as they word them), as
 * the mail and the pages say it. Shared by both sides.
 */
export type RemovedWaysIn = { passkeys: number; providers: string[]; more: string[] };

/** Whether anything was removed, so the mail and the page have something to say. */
export function removedAnything({ passkeys, providers, more }: RemovedWaysIn): boolean {
  return passkeys > 0 || providers.length > 0 || more.length > 0;
}

/** "2 passkeys", "Signing in with GitHub", then the features' lines: one line per removed way in. */
export function describeRemovedWaysIn({ passkeys, providers, more }: RemovedWaysIn): string[] {
  const lines = providers.map((provider) => `Signing in with ${provider}`);
  if (passkeys > 0) lines.unshift(passkeys === 1 ? "1 passkey" : `${passkeys} passkeys`);
  lines.push(...more);
  return lines;
}
