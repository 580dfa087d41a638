/**
 * What the first proof of an account's mailbox removed (passkeys, providers
 * by name), as the mail and the pages say it. Shared by both sides.
 */
export type RemovedWaysIn = { passkeys: number; providers: string[] };

/** "2 passkeys", "Signing in with GitHub": one line per removed way in. */
export function describeRemovedWaysIn({ passkeys, providers }: RemovedWaysIn): string[] {
  const lines = providers.map((provider) => `Signing in with ${provider}`);
  if (passkeys > 0) lines.unshift(passkeys === 1 ? "1 passkey" : `${passkeys} passkeys`);
  return lines;
}
