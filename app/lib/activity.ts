/**
 * The account activity log (SPEC §8, "recent activity"): what the server
 * records and the dashboard shows. Shared by both sides; no Node, no DOM.
 */
export const ACTIVITY_KINDS = [
  "sign-in",
  "sign-up",
  "new-device",
  "password-changed",
  "password-set",
  "passkey-added",
  "passkey-renamed",
  "passkey-removed",
  "provider-linked",
  "provider-unlinked",
  "session-revoked",
  "other-sessions-revoked",
  "signed-out-everywhere",
  "name-changed",
  "password-change-refused",
  "account-deletion-refused",
  "password-check-failed",
  "data-exported",
  "email-changed",
  "email-change-undone",
  "two-factor-enabled",
  "two-factor-disabled",
  "recovery-codes-replaced",
  "trusted-browsers-forgotten",
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One entry as the dashboard receives it: the method already named for people. */
export type ActivityItem = {
  id: number;
  kind: ActivityKind;
  /** "Password", "Passkey", "GitHub"…, or null when the kind has no method. */
  method: string | null;
  /** "Chrome on Linux", from the user agent when it happened. */
  browser: string | null;
  ip: string | null;
  success: boolean;
  createdAt: string;
};

/** The sentence the dashboard shows for an entry: "Signed in with GitHub", "Failed sign-in with Password". */
export function describeActivity({ kind, method, success, browser }: ActivityItem): string {
  const by = method ? ` with ${method}` : "";
  switch (kind) {
    case "sign-in":
      return success ? `Signed in${by}` : `Failed sign-in${by}`;
    case "sign-up":
      return `Account created${by}`;
    case "new-device":
      return `Sign-in from a new device${browser ? `: ${browser}` : ""}`;
    case "password-changed":
      return "Password changed";
    case "password-set":
      return "Password set";
    case "passkey-added":
      return "Passkey added";
    case "passkey-renamed":
      return "Passkey renamed";
    case "passkey-removed":
      return "Passkey removed";
    case "provider-linked":
      return `${method ?? "Provider"} linked`;
    case "provider-unlinked":
      return `${method ?? "Provider"} unlinked`;
    case "session-revoked":
      return "Signed out a session";
    case "other-sessions-revoked":
      return "Signed out everywhere else";
    case "signed-out-everywhere":
      return "Signed out everywhere from the new-device mail";
    case "name-changed":
      return "Name changed";
    case "password-change-refused":
      return "Password change refused: wrong current password";
    case "account-deletion-refused":
      return "Account deletion refused: wrong password";
    case "password-check-failed":
      return "Wrong password entered to confirm it was you";
    case "data-exported":
      return "Downloaded your data";
    case "email-changed":
      return "Email address changed";
    case "email-change-undone":
      return success ? "Email address change undone" : "Email address change could not be undone";
    case "two-factor-enabled":
      return "Two-step sign-in turned on";
    case "two-factor-disabled":
      return "Two-step sign-in turned off";
    case "recovery-codes-replaced":
      return "New recovery codes made";
    case "trusted-browsers-forgotten":
      return "Trusted browsers forgotten";
  }
}
