import { actionForm } from "~/lib/action-form";
import { text } from "~/lib/fields";

/**
 * The Passkeys card's forms (`actionForm`): their intents and the fields
 * their actions read, for the actions and, by type only, the card.
 */

/** "Add passkey" without JavaScript (the ceremony needs it): only says so. */
export const addPasskeyForm = actionForm("add-passkey", {});

/** "Rename" on a passkey's row (`id`: the passkey's). */
export const renamePasskeyForm = actionForm("rename-passkey", { id: text, name: text });

/** "Remove" on a passkey's row (`id`: the passkey's). */
export const deletePasskeyForm = actionForm("delete-passkey", { id: text });
