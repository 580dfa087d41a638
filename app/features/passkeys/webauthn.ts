/**
 * The browser's WebAuthn ceremonies with JSON in and out. Current browsers
 * do the JSON conversion themselves (`PublicKeyCredential.parse…FromJSON`,
 * `toJSON()`), so the sign-in page needs no library for passkey autofill;
 * older ones get SimpleWebAuthn, loaded only then.
 */
type RequestOptions = PublicKeyCredentialRequestOptionsJSON;
/** A credential as JSON, the shape better-auth verifies. */
export type CredentialJSON = { clientExtensionResults?: unknown };

export const nativeJson = () =>
  typeof PublicKeyCredential !== "undefined" &&
  typeof PublicKeyCredential.parseRequestOptionsFromJSON === "function" &&
  typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function";

let current: AbortController | undefined;

/** One ceremony at a time, as SimpleWebAuthn does: a new one (an explicit sign-in) ends a waiting autofill. */
export function nextCeremony(): AbortSignal {
  current?.abort(new DOMException("A new ceremony started", "AbortError"));
  current = new AbortController();
  return current.signal;
}

/** Asks for a passkey: the browser's dialog, or with `autoFill` the email field's suggestions. */
export async function authenticate(options: RequestOptions, autoFill: boolean): Promise<CredentialJSON> {
  if (!nativeJson()) {
    const { startAuthentication } = await import("@simplewebauthn/browser");
    return startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autoFill });
  }
  const credential = (await navigator.credentials.get({
    publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
    mediation: autoFill ? "conditional" : "optional",
    signal: nextCeremony(),
  })) as PublicKeyCredential | null;
  if (!credential) throw new DOMException("No passkey was chosen", "NotAllowedError");
  return credential.toJSON();
}
