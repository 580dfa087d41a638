import type { ComponentProps, MouseEvent } from "react";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import LoaderCircleIcon from "~icons/lucide/loader-circle";
import type { IconComponent } from "./icon-component";

/**
 * A form's submit button: shows a spinner while its form is being sent, and
 * refuses a second send. It says so with `aria-disabled` rather than
 * `disabled`: a disabled button drops the keyboard focus to the page's start,
 * while this one keeps it, so the next Tab goes on from the form.
 */
export function SubmitButton({
  busy,
  icon: Icon,
  children,
  className,
  onClick,
  ...props
}: ComponentProps<typeof Button> & { busy: boolean; icon?: IconComponent }) {
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
      {busy ? <LoaderCircleIcon className="animate-spin" /> : Icon ? <Icon /> : null}
      {children}
    </Button>
  );
}

/** Whether the page's own form post is on its way: its submit button shows that it is busy. */
export function usePostInFlight(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
}
