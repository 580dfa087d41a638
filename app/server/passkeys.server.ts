import { isAPIError } from "better-auth/api";
import type { Auth } from "./auth.server";

/** What the dashboard shows of a passkey: never its key material. */
export type PasskeySummary = { id: string; name: string; createdAt: string | null };

/** The signed-in person's passkeys, newest first. */
export async function listPasskeys(auth: Auth, headers: Headers): Promise<PasskeySummary[]> {
  const passkeys = await auth.api.listPasskeys({ headers });
  return passkeys
    .map((passkey) => ({
      id: passkey.id,
      name: passkey.name || "Passkey",
      createdAt: passkey.createdAt ? new Date(passkey.createdAt).toISOString() : null,
    }))
    .sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
}

/**
 * Deletes one of the signed-in person's passkeys. `false` when it is not
 * theirs or no longer exists (better-auth checks the owner).
 */
export async function deletePasskey(auth: Auth, headers: Headers, id: string): Promise<boolean> {
  try {
    await auth.api.deletePasskey({ body: { id }, headers });
    return true;
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return false;
    throw error;
  }
}
