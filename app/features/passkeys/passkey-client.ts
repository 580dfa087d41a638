// The browser's passkey sign-in: the WebAuthn ceremony against better-auth's passkey endpoints.
import { AUTH_API_PATH, NOT_FRESH_SIGN_IN_CODE } from "~/lib/constants";
import * as m from "./messages";
import { authenticate, type CredentialJSON } from "./webauthn";

/**
 * The browser half of signing in with a passkey: the WebAuthn ceremony
 * (`webauthn.ts`) and better-auth's passkey endpoints, called with plain
 * `fetch`. Import this module only with `import()`, when a passkey is first
 * needed; it is kept small because the sign-in page loads it at once for
 * autofill. Creating a passkey is in `passkey-registration.ts`.
 */
/** `signInAgain`: the change needs a sign-in from the last few minutes. */
export type PasskeyResult = { ok: true } | { ok: false; message: string; signInAgain?: boolean };

type Answer = { ok: true; data: unknown } | { ok: false; failure: PasskeyResult };

/**
 * Calls one of better-auth's passkey endpoints. A refusal becomes its
 * message: better-auth answers `{ message }`, our edge's rate limit
 * `{ error }` (`429`).
 */
export async function callAuth(path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${AUTH_API_PATH}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as {
    message?: unknown;
    error?: unknown;
    code?: unknown;
  } | null;
  if (response.ok) return { ok: true, data };
  const message = [data?.error, data?.message].find((text) => typeof text === "string");
  const failure = { ok: false as const, message: (message as string) ?? response.statusText };
  return {
    ok: false,
    failure: data?.code === NOT_FRESH_SIGN_IN_CODE ? { ...failure, signInAgain: true } : failure,
  };
}

/**
 * Signs in with a passkey. With `autoFill`, waits for the visitor to pick
 * one from the browser's autofill list (conditional UI) instead of showing
 * the browser's dialog; a later explicit sign-in cancels that wait.
 */
export async function signInWithPasskey({ autoFill = false } = {}): Promise<PasskeyResult> {
  const options = await callAuth("/passkey/generate-authenticate-options");
  if (!options.ok) return options.failure;
  let response: CredentialJSON;
  try {
    response = await authenticate(options.data as PublicKeyCredentialRequestOptionsJSON, autoFill);
  } catch {
    // Cancelled, timed out, no passkey for this site, or superseded by an explicit sign-in.
    return { ok: false, message: m.signInCancelled() };
  }
  const { clientExtensionResults: _, ...signed } = response;
  const verified = await callAuth("/passkey/verify-authentication", { response: signed });
  return verified.ok ? { ok: true } : verified.failure;
}
