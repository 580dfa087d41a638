import type { ReactNode } from "react";
import { Form } from "react-router";
import { useSignOut } from "./use-sign-out";

/**
 * A sign-out button that works without JavaScript (a POST to `/logout`) and,
 * with it, goes through the session API so the browser's store follows.
 */
export function SignOutForm({
  children,
  className,
}: {
  children: (busy: boolean) => ReactNode;
  className?: string;
}) {
  const { signOut, signingOut } = useSignOut();
  return (
    <Form
      method="post"
      action="/logout"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void signOut();
      }}
    >
      {children(signingOut)}
    </Form>
  );
}
