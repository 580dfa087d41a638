import type { ReactNode } from "react";
import { Form } from "react-router";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";

/**
 * The form on a mailed link's page: opening the link changes nothing, only
 * this post does, and the link's token goes along as a hidden field.
 */
export function MailedLinkForm({
  token,
  className,
  children,
}: {
  token: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name={MAIL_TOKEN_PARAM} value={token} />
      {children}
    </Form>
  );
}
