import { displayName } from "~/lib/fields";

/** What the browser and the server share of a passkey: the rule of its name, and what the dashboard shows of it. */

export const PASSKEY_NAME_MAX_LENGTH = 50;

/** A passkey's name ("Work laptop"). */
export const passkeyName = displayName(PASSKEY_NAME_MAX_LENGTH, "Give the passkey a name.");

/** What the dashboard shows of a passkey: never its key material. */
export type PasskeySummary = { id: string; name: string; createdAt: string | null };

/** Where the dashboard data (`ServerFeature.dashboard`) and "Download my data" keep the passkeys. */
export const PASSKEYS_KEY = "passkeys";
