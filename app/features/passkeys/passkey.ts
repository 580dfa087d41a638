/**
 * What the browser and the server share of a passkey: how long its name may
 * be, and what the dashboard shows of it. No zod here: the dashboard's
 * script does not need it (the rule itself is `passkeyName`, server side).
 */

export const PASSKEY_NAME_MAX_LENGTH = 50;

/** What the dashboard shows of a passkey: never its key material. */
export type PasskeySummary = { id: string; name: string; createdAt: string | null };

/** Where the dashboard data (`passkeysSection`, ./sections.ts) and "Download my data" keep the passkeys. */
export const PASSKEYS_KEY = "passkeys";
