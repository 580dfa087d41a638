import type { AuditAction } from "./audit.server";
import * as m from "./messages";

/** What each kind of trail entry says an administrator did, in words: messages, said when the page is shown. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, () => string> = {
  "sign-out-everywhere": m.auditSignOutEverywhere,
  suspend: m.auditSuspend,
  "lift-suspension": m.auditLiftSuspension,
  "make-admin": m.auditMakeAdmin,
  "remove-admin": m.auditRemoveAdmin,
  "support-sign-in-start": m.auditSupportSignInStart,
  "support-sign-in-stop": m.auditSupportSignInStop,
  "support-sign-in-expired": m.auditSupportSignInExpired,
  "support-action": m.auditSupportAction,
};

/** An entry's action in words, in the reader's language; one written by a newer version, as recorded. */
export const auditActionWords = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_WORDS, action) ? AUDIT_ACTION_WORDS[action as AuditAction]() : action;
