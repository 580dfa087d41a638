/**
 * Creating a passkey (the dashboard's passkeys card): the WebAuthn ceremony
 * and better-auth's two registration endpoints. Apart from the sign-in code,
 * so the sign-in page never loads it.
 */
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
  return credential.toJSON() as unknown as CredentialJSON;
}

/** True when the error means "this authenticator already holds a passkey for this account". */
function isAlreadyRegistered(error: unknown): boolean {
  // The browser says InvalidStateError; SimpleWebAuthn names it with its own code.
  const { name, code } = error as { name?: string; code?: string };
  return name === "InvalidStateError" || code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED";
}

/** Creates a passkey on this device for the signed-in person. */
export async function addPasskey(name: string): Promise<PasskeyResult> {
  const options = await callAuth(`/passkey/generate-register-options?${new URLSearchParams({ name })}`);
  if (!options.ok) return options.failure;
  let response: CredentialJSON;
  try {
    response = await register(options.data as PublicKeyCredentialCreationOptionsJSON);
  } catch (error) {
    if (isAlreadyRegistered(error))
      return {
        ok: false,
        message: "This device already holds a passkey for your account.",
      };
    // The visitor closed the browser's dialog (NotAllowedError) or it timed out.
    const cancelled = ["NotAllowedError", "AbortError"].includes((error as Error).name);
    return { ok: false, message: cancelled ? "No passkey was added." : (error as Error).message };
  }
  const { clientExtensionResults: _, ...signed } = response;
  const verified = await callAuth("/passkey/verify-registration", { response: signed, name });
  return verified.ok ? { ok: true } : verified.failure;
}
