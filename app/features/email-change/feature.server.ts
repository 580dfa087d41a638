import type { ServerFeature } from "~/server/features.server";
import changeEmail from "./change-email.server";
import { CHANGE_EMAIL_PATH, UNDO_EMAIL_CHANGE_PATH } from "./constants";
import * as undoLinks from "./migrations/0013-email-change-undo";

/** Changing the account's email address, by a link mailed to the new one, with an undo link to the old. */
export default {
  // The name existing databases recorded: it never changes.
  migrations: { "0013-email-change-undo": undoLinks },
  actions: [changeEmail],
  // The purposes are part of the tokens already mailed: keep them.
  mailedLinks: { "change-email": CHANGE_EMAIL_PATH, "undo-email-change": UNDO_EMAIL_CHANGE_PATH },
} satisfies ServerFeature;
