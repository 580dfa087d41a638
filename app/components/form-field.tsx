import { type ComponentProps, useId } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type FormFieldProps = ComponentProps<"input"> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input with its hint or error announced to screen readers. */
export function FormField({ label, error, hint, id, ...inputProps }: FormFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...inputProps}
      />
      {message ? (
        <p id={messageId} className={error ? "text-destructive text-sm" : "text-muted-foreground text-xs"}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
