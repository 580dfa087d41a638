import { Children, type ComponentProps, cloneElement, isValidElement, type ReactElement } from "react";
import { cn } from "~/lib/cn";

/**
 * A label too long for its place (German words are long) wraps inside the button, hyphenated,
 * and the button grows taller rather than spilling past its container: heights are minimums.
 */
const base =
  "inline-flex max-w-full shrink-0 items-center justify-center gap-2 hyphens-auto break-words text-center rounded-md font-medium text-sm transition-[color,background-color,box-shadow] disabled:pointer-events-none disabled:opacity-50 [&_svg:not([class*='size-'])]:size-4 [&_svg]:shrink-0";

const variants = {
  default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",
  destructive: "bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90",
  /** A destructive action that should not be the loudest thing on its page. */
  "destructive-outline":
    "border border-destructive/50 bg-background text-destructive hover:bg-destructive/10",
  outline:
    "border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50",
  secondary: "bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  link: "text-primary underline-offset-4 hover:underline",
};

const sizes = {
  default: "min-h-9 px-4 py-1.5",
  sm: "min-h-8 px-3 py-1",
  lg: "min-h-11 px-6 py-2 text-base",
  icon: "size-9",
  /** No box: a `link` button that sits in a line of text. */
  inline: "",
};

type ButtonStyle = { variant?: keyof typeof variants; size?: keyof typeof sizes };

/** The classes of a button, for elements that are not `<Button>`. */
export function buttonClass(
  { variant = "default", size = "default" }: ButtonStyle = {},
  className?: string,
): string {
  return cn(base, variants[variant], sizes[size], className);
}

type ButtonProps = ComponentProps<"button"> &
  ButtonStyle & {
    /** Style the single child element (e.g. a link) as the button instead of rendering a `<button>`. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, children, ...props }: ButtonProps) {
  const classes = buttonClass({ variant, size }, className);
  if (asChild) {
    const child = Children.only(children);
    if (isValidElement<{ className?: string }>(child)) {
      return cloneElement(child as ReactElement<{ className?: string }>, {
        ...props,
        className: cn(classes, child.props.className),
      });
    }
  }
  return (
    <button className={classes} {...props}>
      {children}
    </button>
  );
}
