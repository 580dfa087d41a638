import { type ComponentProps, useState } from "react";
import { FormField } from "~/components/form-field";
import { useSession } from "~/components/use-session";
import EyeIcon from "~icons/lucide/eye";
import EyeOffIcon from "~icons/lucide/eye-off";
import * as m from "./messages";
import { useHydrated } from "./use-hydrated";

type PasswordFieldProps = Omit<ComponentProps<typeof FormField>, "type" | "trailing">;

/**
 * A password input with a button that shows what was typed. The button
 * comes with the page's JavaScript (without it, it could do nothing); the
 * field itself works without.
 */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <FormField
      {...props}
      type={visible ? "text" : "password"}
      // Browsers offer no spelling or capital letters in a shown password either.
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={(inputId) =>
        hydrated ? (
          <button
            type="button"
            className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground focus-visible:outline-offset-[-2px]"
            aria-controls={inputId}
            aria-pressed={visible}
            title={visible ? m.hidePassword() : m.showPassword()}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
            {/* A name from the content, not aria-label: the field keeps the only label that says "password". */}
            <span className="sr-only">{m.showPassword()}</span>
          </button>
        ) : null
      }
    />
  );
}

/**
 * The signed-in account's address, for password managers: a form that asks
 * only for a password (change it, confirm a deletion) is saved under the
 * right account when it carries the username too.
 */
export function AccountUsername() {
  const email = useSession()?.user.email;
  return email ? <input hidden readOnly autoComplete="username" value={email} /> : null;
}
