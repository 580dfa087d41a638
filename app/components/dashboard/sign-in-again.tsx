import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import LogInIcon from "~icons/lucide/log-in";

/**
 * Signs out and opens the sign-in page, which brings the person back to the
 * dashboard: the way to the fresh sign-in some changes need.
 */
export function SignInAgainButton({ size = "sm" }: { size?: "sm" | "default" }) {
  return (
    <Form method="post" action="/dashboard">
      <input type="hidden" name="intent" value="sign-in-again" />
      <Button type="submit" variant="outline" size={size}>
        <LogInIcon />
        Sign in again
      </Button>
    </Form>
  );
}
