import type { ComponentProps, MouseEvent } from "react";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * A form's submit button: shows a spinner while its form is being sent, and
 * refuses a second send. It says so with `aria-disabled` rather than
 * `disabled`: a disabled button drops the keyboard focus to the page's start,
 * while this one keeps it, so the next Tab goes on from the form.
 */
export function SubmitButton({
  busy,
  icon,
  children,
  className,
  onClick,
  ...props
}: ComponentProps<typeof Button> & { busy: boolean; icon?: string }) {
  function refuseWhileBusy(event: MouseEvent<HTMLButtonElement>) {
    if (busy) event.preventDefault();
    else onClick?.(event);
  }
  return (
    <Button
      type="submit"
      aria-disabled={busy || undefined}
      className={cn(busy && "cursor-progress opacity-50", className)}
      onClick={refuseWhileBusy}
      {...props}
    >
      {busy ? (
        <span className="icon-[lucide--loader-circle] animate-spin" aria-hidden="true" />
      ) : icon ? (
        <span className={icon} aria-hidden="true" />
      ) : null}
      {children}
    </Button>
  );
}

/** Whether the page's own form post is on its way: its submit button shows that it is busy. */
export function usePostInFlight(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
}
