import { actionForm } from "~/lib/action-form";
import { text } from "~/lib/fields";

/** "Change email address" in the Account card: the new address (its rule answers on its own field). */
export const changeEmailForm = actionForm("change-email", { newEmail: text });
