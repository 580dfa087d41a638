/**
 * Two-step sign-in as the pages see it (the server's view:
 * ./settings.server.ts). No Node, no DOM.
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

/** Which code the person types: the authenticator app's, or one of their recovery codes (`?use=recovery`). */
export type CodeKind = "app" | "recovery";

export function codeKindOf(value: unknown): CodeKind {
  return value === "recovery" ? "recovery" : "app";
}

/** What the dashboard's card says: on or off, and how many recovery codes are left. */
export type TwoFactorSummary = { enabled: boolean; recoveryCodesLeft: number };
