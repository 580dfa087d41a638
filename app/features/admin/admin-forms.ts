import { z } from "zod";
import { type ActionForm, actionForm } from "~/lib/action-form";
import { REASON_MAX_LENGTH } from "./constants";
import * as m from "./messages";
import { endOfSuspension, LIFT_SUSPENSION_INTENT, SUSPEND_INTENT } from "./suspension";

/**
 * The forms of an account's page in the console (`actionForm`): their
 * intents and the fields their actions read, for the actions and, by type
 * only, the cards (zod stays on the server). Their errors are messages,
 * said when a form is read, in its reader's language.
 */

/** The account a form is about (its `userId`). */
export const accountId = z
  .string({ error: () => m.reloadAndTryAgain() })
  .min(1)
  .max(100);

/** A reason an administrator types: required, kept in the trail. */
export const reason = z
  .string({ error: () => m.sayWhy() })
  .trim()
  .min(1, { error: () => m.sayWhy() })
  .max(REASON_MAX_LENGTH, { error: () => m.reasonTooLong({ max: REASON_MAX_LENGTH }) });

/** The end date: none (empty), or a day after today, read as the start of that day in UTC (./suspension.ts). */
const until = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((day, context) => {
    if (!day) return null;
    const at = endOfSuspension(day);
    if (!at) context.addIssue({ code: "custom", message: m.chooseADay() });
    else if (at.getTime() <= Date.now())
      context.addIssue({ code: "custom", message: m.chooseADayAfterToday() });
    return at;
  });

const aboutAnAccount = { userId: accountId, reason };

/** A form about an account, with the administrator's reason (`ReasonForm`, ./account-action-cards.tsx). */
export type ReasonFormOf<Intent extends string = string> = ActionForm<Intent, typeof aboutAnAccount>;

/** "Sign out everywhere". */
export const signOutEverywhereForm = actionForm("sign-out-everywhere", aboutAnAccount);
/** "Make administrator". */
export const makeAdminForm = actionForm("make-admin", aboutAnAccount);
/** "Remove administrator". */
export const removeAdminForm = actionForm("remove-admin", aboutAnAccount);
/** "Sign in as this person", for support. */
export const supportSignInForm = actionForm("support-sign-in", aboutAnAccount);
/** "Suspend", with an optional end date. */
export const suspendForm = actionForm(SUSPEND_INTENT, { ...aboutAnAccount, until });
/** "Lift the suspension". */
export const liftSuspensionForm = actionForm(LIFT_SUSPENSION_INTENT, { userId: accountId });
