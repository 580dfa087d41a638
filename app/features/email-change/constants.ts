/**
 * Email change's pages and times: the link mailed to the new address (it
 * changes nothing until followed), and the notice's undo link to the old
 * one, which also signs out everywhere.
 */
export const CHANGE_EMAIL_PATH = "/change-email";
export const UNDO_EMAIL_CHANGE_PATH = "/undo-email-change";
export const EMAIL_CHANGE_TOKEN_SECONDS = 60 * 60;
export const EMAIL_CHANGE_UNDO_SECONDS = 7 * 24 * 60 * 60;
