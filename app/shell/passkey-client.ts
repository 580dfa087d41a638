import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";
import { AUTH_API_PATH } from "~/lib/constants";

/**
 * better-auth's browser client with the passkey plugin. Import this module
 * only with `import()` when a passkey is first needed: it carries the
 * WebAuthn code, which no page needs at first load.
 */
const client = createAuthClient({ basePath: AUTH_API_PATH, plugins: [passkeyClient()] });

export type PasskeyResult = { ok: true } | { ok: false; cancelled: boolean; message: string };

type ClientError = { status?: number; code?: string; message?: string; error?: unknown } | null;

function failure(error: ClientError, fallback: string): PasskeyResult {
  // Our edge answers a rate-limited request with `{ error: "Too many…" }`.
  if (error?.status === 429 && typeof error.error === "string") {
    return { ok: false, cancelled: false, message: error.error };
  }
  const cancelled = error?.code === "AUTH_CANCELLED" || error?.code === "ERROR_CEREMONY_ABORTED";
  return { ok: false, cancelled, message: cancelled ? fallback : (error?.message ?? fallback) };
}

/**
 * Signs in with a passkey. With `autoFill`, waits for the visitor to pick
 * one from the browser's autofill list (conditional UI) instead of showing
 * the browser's dialog; a later explicit sign-in cancels that wait.
 */
export async function signInWithPasskey({ autoFill = false } = {}): Promise<PasskeyResult> {
  const { data, error } = await client.signIn.passkey({ autoFill });
  if (data) return { ok: true };
  return failure(error, "Passkey sign-in was cancelled or no passkey was found. Try again.");
}

/** Creates a passkey on this device for the signed-in person. */
export async function addPasskey(name: string): Promise<PasskeyResult> {
  const { data, error } = await client.passkey.addPasskey({ name });
  if (data) return { ok: true };
  return failure(error, "No passkey was added.");
}
