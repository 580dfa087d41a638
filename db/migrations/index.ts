import type { Migration } from "kysely/migration";
import * as authTables from "./0001-auth-tables";
import * as activity from "./0003-activity";
import * as mailOutbox from "./0004-mail-outbox";
import * as pendingSignUp from "./0005-pending-sign-up";
import * as readinessProbe from "./0006-readiness-probe";
import * as emailChangedAt from "./0007-email-changed-at";
import * as mailedLinkState from "./0009-mailed-link-state";
import * as activityDetail from "./0011-activity-detail";
import * as userLocale from "./0016-user-locale";

/**
 * Every migration, in order. Imported statically so the production bundle
 * carries them; add a file and a line here to change the schema, then run
 * `npm run db:types` (../schema.generated.ts; lint fails while it is stale).
 * A migration takes `Kysely<unknown>`, never `Kysely<Database>`: it must do
 * what it did when it was written, whatever the schema becomes (Kysely's advice).
 * The features' migrations (`ServerFeature.migrations`) share the sequence
 * of names: a missing number is a feature's, and a new one takes the next
 * free number.
 */
export const migrations: Record<string, Migration> = {
  "0001-auth-tables": authTables,
  "0003-activity": activity,
  "0004-mail-outbox": mailOutbox,
  "0005-pending-sign-up": pendingSignUp,
  "0006-readiness-probe": readinessProbe,
  "0007-email-changed-at": emailChangedAt,
  "0009-mailed-link-state": mailedLinkState,
  "0011-activity-detail": activityDetail,
  "0016-user-locale": userLocale,
};
