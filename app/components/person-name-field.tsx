import { NAME_MAX_LENGTH } from "~/lib/constants";
import { FormField } from "./form-field";
import * as m from "./messages";

/** A person's name: at sign-up, on its code page in another browser, and on the dashboard. */
export function PersonNameField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <FormField
      label={m.nameLabel()}
      name="name"
      autoComplete="name"
      required
      maxLength={NAME_MAX_LENGTH}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
