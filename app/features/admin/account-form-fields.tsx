/** The fields every form of an account's page posts: the account it is about, and why. */
import { FormField } from "~/components/form-field";
import type { FieldName } from "~/lib/action-form";
import type { ReasonFormOf } from "./admin-forms";
import { REASON_MAX_LENGTH } from "./constants";
import * as m from "./messages";

/** The account the form acts on (`userId`, read by `accountId` on the server). */
export function AccountField({ userId }: { userId: string }) {
  return <input type="hidden" name={"userId" satisfies FieldName<ReasonFormOf>} value={userId} />;
}

/** Why the administrator does it: required, at most `REASON_MAX_LENGTH` characters, kept in the trail. */
export function ReasonField({ hint, error }: { hint: string; error: string | undefined }) {
  return (
    <FormField
      label={m.reason()}
      name={"reason" satisfies FieldName<ReasonFormOf>}
      required
      maxLength={REASON_MAX_LENGTH}
      autoComplete="off"
      hint={hint}
      error={error}
    />
  );
}
