import { type ReactNode, type Ref, useEffect } from "react";
import { Form, useLocation } from "react-router";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import { CenteredCard } from "./centered-card";
import { SubmitButton, usePostInFlight } from "./submit-button";

/**
 * Takes the mailed link's token out of the address bar once the page has
 * it (in this form): it is then in no bookmark, no history entry's address
 * and no screenshot of the address bar. The history entry keeps React
 * Router's state, so back and forward work as before; nothing navigates
 * (a navigation would load the page again, without its token).
 */
function useTokenLeavesAddressBar() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(MAIL_TOKEN_PARAM)) return;
    url.searchParams.delete(MAIL_TOKEN_PARAM);
    window.history.replaceState(window.history.state, "", url);
  }, []);
}

/**
 * The form on a mailed link's page: opening the link changes nothing, only
 * this post does, and the link's token goes along as a hidden field. It
 * posts to the page's address without the token, so the token does not
 * come back to the address bar with the answer.
 */
export function MailedLinkForm({
  token,
  className,
  children,
  ref,
}: {
  token: string;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLFormElement>;
}) {
  useTokenLeavesAddressBar();
  const { pathname } = useLocation();
  return (
    <Form method="post" action={pathname} className={className} ref={ref}>
      <input type="hidden" name={MAIL_TOKEN_PARAM} value={token} />
      {children}
    </Form>
  );
}

/** A mailed link's page while the link works: what following it does, and the one button that does it. */
export function MailedLinkConfirm({
  token,
  title,
  description,
  action,
  destructive = false,
}: {
  token: string;
  title: string;
  description: string;
  action: string;
  destructive?: boolean;
}) {
  const busy = usePostInFlight();
  return (
    <CenteredCard title={title} description={description}>
      <MailedLinkForm token={token}>
        <SubmitButton
          busy={busy}
          size="lg"
          className="w-full"
          variant={destructive ? "destructive" : "default"}
        >
          {action}
        </SubmitButton>
      </MailedLinkForm>
    </CenteredCard>
  );
}
