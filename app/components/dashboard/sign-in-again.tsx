import { Form, useLocation } from "react-router";
import * as m from "~/components/messages";
import { Button } from "~/components/ui/button";
import type { FieldName } from "~/lib/action-form";
import type { signInAgainForm } from "~/lib/dashboard-forms";
import LogInIcon from "~icons/lucide/log-in";
import { IntentField } from "./intent-field";

type SignInAgain = typeof signInAgainForm;

/**
 * Signs out and opens the sign-in page, which brings the person back to the
 * page they were on: the way to the fresh sign-in some changes need.
 */
export function SignInAgainButton({ size = "sm" }: { size?: "sm" | "default" }) {
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/dashboard">
      <IntentField intent={"sign-in-again" satisfies SignInAgain["intent"]} />
      <input type="hidden" name={"returnTo" satisfies FieldName<SignInAgain>} value={pathname + search} />
      <Button type="submit" variant="outline" size={size}>
        <LogInIcon />
        {m.signInAgain()}
      </Button>
    </Form>
  );
}
