import type { AuditAction } from "./audit.server";

/** What each kind of trail entry says an administrator did, in words. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  "sign-out-everywhere": "Signed out everywhere",
  suspend: "Suspended",
  "lift-suspension": "Lifted a suspension",
  "make-admin": "Made an administrator",
  "remove-admin": "Removed an administrator",
  "support-sign-in-start": "Started a support sign-in",
  "support-sign-in-stop": "Stopped a support sign-in",
  "support-sign-in-expired": "A support sign-in ran out",
  "support-action": "Acted during a support sign-in",
};

/** An entry's action in words; one written by a newer version, as recorded. */
export const auditActionWords = (action: string) => AUDIT_ACTION_WORDS[action as AuditAction] ?? action;
