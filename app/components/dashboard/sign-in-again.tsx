import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import LogInIcon from "~icons/lucide/log-in";
import { IntentField } from "./intent-field";

/**
 * Signs out and opens the sign-in page, which brings the person back to the
 * dashboard: the way to the fresh sign-in some changes need.
 */
export function SignInAgainButton({ size = "sm" }: { size?: "sm" | "default" }) {
  return (
    <Form method="post" action="/dashboard">
      <IntentField intent="sign-in-again" />
      <Button type="submit" variant="outline" size={size}>
        <LogInIcon />
        Sign in again
      </Button>
    </Form>
  );
}
