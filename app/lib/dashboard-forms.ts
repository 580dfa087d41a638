import { z } from "zod";
import { actionForm } from "./action-form";
import { enteredPassword, newPassword, personName, text } from "./fields";

/**
 * The core's dashboard forms (`actionForm`): each intent and the fields its
 * action reads, for the actions (app/server/dashboard/actions/) and, by type
 * only, the cards that post them (app/components/dashboard/).
 */

/** The Account card's name. */
export const updateNameForm = actionForm("update-name", { name: personName });

/** The Sign-in methods card's password change. */
export const changePasswordForm = actionForm("change-password", {
  currentPassword: enteredPassword,
  newPassword,
});

/** A password for an account that signs in without one. */
export const setPasswordForm = actionForm("set-password", { newPassword });

/** Signing one session out (`id`: the session's). */
export const revokeSessionForm = actionForm("revoke-session", { id: text });

/** Signing out every other session. */
export const revokeOtherSessionsForm = actionForm("revoke-other-sessions", {});

/** Unlinking a provider's account (`provider`: its id). */
export const unlinkProviderForm = actionForm("unlink-provider", { provider: text });

/** Deleting the account: its password, or an empty field for an account without one. */
export const deleteAccountForm = actionForm("delete-account", {
  password: z
    .literal("")
    .transform(() => undefined)
    .or(enteredPassword)
    .optional(),
});

/** Signing in again for a fresher sign-in, then back to `returnTo`. */
export const signInAgainForm = actionForm("sign-in-again", { returnTo: text });

/** Mailing the address's verification link again. */
export const resendVerificationForm = actionForm("resend-verification", {});
