/**
 * Creating a passkey (the dashboard's passkeys card): the WebAuthn ceremony
 * and better-auth's two registration endpoints. Apart from the sign-in code,
 * so the sign-in page never loads it.
 */
import * as m from "./messages";
import { callAuth, type PasskeyResult } from "./passkey-client";
import { type CredentialJSON, nativeJson, nextCeremony } from "./webauthn";

/** Creates a passkey on this device. */
async function register(options: PublicKeyCredentialCreationOptionsJSON): Promise<CredentialJSON> {
  if (!nativeJson()) {
    const { startRegistration } = await import("@simplewebauthn/browser");
    return startRegistration({ optionsJSON: options as never });
  }
  const credential = (await navigator.credentials.create({
    publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
    signal: nextCeremony(),
  })) as PublicKeyCredential | null;
  if (!credential) throw new DOMException("No passkey was created", "NotAllowedError");
  return credential.toJSON();
}

/** True when the error means "this authenticator already holds a passkey for this account". */
function isAlreadyRegistered(error: unknown): boolean {
  // The browser says InvalidStateError; SimpleWebAuthn names it with its own code.
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  return name === "InvalidStateError" || code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED";
}

/**
 * What to tell a person when the browser did not create the passkey. Never
 * the browser's own text ("This is an invalid domain."): it is written for
 * developers, and differs from browser to browser.
 */
export function registrationFailure(error: unknown): string {
  if (isAlreadyRegistered(error)) return m.alreadyRegistered();
  switch ((error as { name?: string } | null)?.name) {
    // The visitor closed the browser's dialog, or it timed out.
    case "NotAllowedError":
    case "AbortError":
      return m.noPasskeyAdded();
    case "NotSupportedError":
      return m.notSupported();
    // The page's address is not one passkeys may be made for (an IP address, a mistyped host).
    case "SecurityError":
      return m.wrongAddress();
    default:
      return m.notCreated();
  }
}

/** Creates a passkey on this device for the signed-in person. */
export async function addPasskey(name: string): Promise<PasskeyResult> {
  const options = await callAuth(`/passkey/generate-register-options?${new URLSearchParams({ name })}`);
  if (!options.ok) return options.failure;
  let response: CredentialJSON;
  try {
    response = await register(options.data as PublicKeyCredentialCreationOptionsJSON);
  } catch (error) {
    return { ok: false, message: registrationFailure(error) };
  }
  const { clientExtensionResults: _, ...signed } = response;
  const verified = await callAuth("/passkey/verify-registration", { response: signed, name });
  return verified.ok ? { ok: true } : verified.failure;
}
