/**
 * Two-step sign-in as the pages see it (the server's view:
 * app/server/dashboard/two-factor-settings.server.ts). No Node, no DOM.
 */
export type TwoFactorSettings = {
  enabled: boolean;
  /** While it is being turned on: the secret for the authenticator app, as a QR code and as text. */
  setup: {
    /** The `otpauth://` address the QR code holds. */
    uri: string;
    /** The secret in base32, in groups of four, for typing into the app. */
    secret: string;
    /** The QR code: its width in modules, and one SVG path of its dark modules. */
    qr: { size: number; path: string };
  } | null;
  recoveryCodesLeft: number;
  trustedBrowsers: number;
};

/** Which code the second step of a sign-in asks for (`?use=recovery` for a recovery code). */
export type SecondStepKind = "app" | "recovery";
