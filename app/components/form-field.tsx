import { type ComponentProps, type ReactNode, useId } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type FormFieldProps = ComponentProps<"input"> & {
  label: string;
  error?: string;
  hint?: string;
  /** A control drawn inside the input's end (right in left-to-right text): a show-password button, say. */
  trailing?: (inputId: string) => ReactNode;
};

/** A labelled input with its hint or error announced to screen readers. */
export function FormField({ label, error, hint, id, trailing, className, ...inputProps }: FormFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative">
        <Input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={trailing ? `pe-11 ${className ?? ""}` : className}
          {...inputProps}
        />
        {trailing?.(inputId)}
      </div>
      {message ? (
        <p id={messageId} className={error ? "text-destructive text-sm" : "text-muted-foreground text-xs"}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
