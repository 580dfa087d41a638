import { type ActionForm, actionForm } from "~/lib/action-form";
import { text } from "~/lib/fields";

/**
 * The two-step sign-in page's forms (`actionForm`): their intents and the
 * fields their actions read, for the actions (./settings-actions.server.ts)
 * and, by type only, the page and its cards.
 */

/** The code typed: its rules (6 digits, or a recovery code) are checked where it is used. */
const code = { code: text };

/** A form that posts a code (confirming the setup, new recovery codes, turning it off). */
export type CodeForm = ActionForm<string, typeof code>;

/** "Turn on": a new secret for the authenticator app. */
export const startForm = actionForm("start", {});
/** The app's first code, confirming the setup. */
export const confirmForm = actionForm("confirm", code);
/** "Cancel" during the setup. */
export const cancelForm = actionForm("cancel", {});
/** New recovery codes, for a code. */
export const renewCodesForm = actionForm("renew-codes", code);
/** "Turn off", for a code. */
export const turnOffForm = actionForm("turn-off", code);
/** "Forget trusted browsers". */
export const forgetBrowsersForm = actionForm("forget-browsers", {});
/** "Sign in again", back to this page. */
export const signInAgainHereForm = actionForm("sign-in-again", {});
