import type { ServerFeature } from "~/server/features.server";
import changeEmail from "./change-email.server";

/** Changing the account's email address, by a link mailed to the new one, with an undo link to the old. */
export default {
  actions: [changeEmail],
} satisfies ServerFeature;
