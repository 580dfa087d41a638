import { Alert } from "~/components/ui/alert";
import CircleCheckIcon from "~icons/lucide/circle-check";
import { SignInAgainButton } from "./sign-in-again";

/**
 * A form's refusal (read out when it appears), with "Sign in again" when it
 * wants a fresher sign-in, or its success when there is no toast (no JavaScript).
 */
export function FormFeedback({
  error,
  notice,
  signInAgain,
}: {
  error: string | null;
  notice?: string | null;
  signInAgain?: boolean;
}) {
  if (error && signInAgain) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert>{error}</Alert>
        <SignInAgainButton />
      </div>
    );
  }
  if (error) return <Alert>{error}</Alert>;
  if (!notice) return null;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-success">
      <CircleCheckIcon className="size-4 shrink-0" />
      {notice}
    </p>
  );
}
