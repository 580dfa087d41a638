import type { ComponentProps } from "react";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/** A form's submit button: disabled with a spinner while its form is being sent. */
export function SubmitButton({
  busy,
  icon,
  children,
  ...props
}: ComponentProps<typeof Button> & { busy: boolean; icon?: string }) {
  return (
    <Button type="submit" disabled={busy} {...props}>
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
