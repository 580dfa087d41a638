// Tests: what a failed passkey registration tells the person.
import { describe, expect, test } from "vitest";
import { registrationFailure } from "./passkey-registration";

describe("what a person is told when no passkey was created", () => {
  test.each([
    ["NotAllowedError", "No passkey was added."],
    ["AbortError", "No passkey was added."],
    ["InvalidStateError", "This device already holds a passkey for your account."],
    [
      "SecurityError",
      "Passkeys cannot be created on this address. Open the app at its usual address and try again.",
    ],
    [
      "NotSupportedError",
      "This browser or device cannot create passkeys. Try another one, or keep using your password.",
    ],
    ["UnknownError", "The passkey could not be created. Please try again."],
  ])("%s", (name, said) => {
    expect(registrationFailure(new DOMException("browser text nobody should see", name))).toBe(said);
  });

  test("SimpleWebAuthn's own code for a passkey already on the device", () => {
    expect(registrationFailure({ name: "Error", code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" })).toBe(
      "This device already holds a passkey for your account.",
    );
  });

  test("never the browser's words, whatever was thrown", () => {
    for (const thrown of [new Error("This is an invalid domain."), null, "a string", 42]) {
      expect(registrationFailure(thrown)).not.toContain("invalid domain");
    }
  });
});
