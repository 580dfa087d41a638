import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A badge's colours: the brand's, a quiet one, an outline, a good state, a bad one. */
const TONES = {
  primary: "bg-primary/10 text-primary",
  secondary: "bg-secondary text-secondary-foreground",
  outline: "border text-muted-foreground",
  success: "bg-success/10 text-success",
  destructive: "bg-destructive/10 text-destructive-text",
};

export type BadgeTone = keyof typeof TONES;

/**
 * A small rounded mark beside a name: a role, a state ("Active", "This device").
 * A long word (German has them) wraps or hyphenates inside it, never past its container.
 */
export function Badge({
  tone = "outline",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "max-w-full hyphens-auto break-words rounded-full px-2 py-0.5 font-medium text-xs",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
