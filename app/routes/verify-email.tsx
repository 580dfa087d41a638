import { data } from "react-router";
import { CenteredCard } from "~/components/centered-card";
import { ExpiredLink } from "~/components/expired-link";
import { MailedLinkForm } from "~/components/mailed-link-form";
import { PreloadLink } from "~/components/preload-link";
import { SubmitButton, usePostInFlight } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { DEFAULT_SIGNED_IN_PATH, MAIL_TOKEN_PARAM } from "~/lib/constants";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { getServices, sessionContext } from "~/server/context.server";
import { whenDatabaseAvailable } from "~/server/database-errors.server";
import { readFormPost } from "~/server/form-post.server";
import { openMailedLink } from "~/server/mail-links.server";
import type { Route } from "./+types/verify-email";

export const handle = { title: "Confirm your email address" };

export const headers = mailLinkPageHeaders;

/**
 * The verification mail's link. Opening it changes nothing (mail scanners
 * open links too, and would use up a single-use token): the page asks for
 * one click, whose post does the work.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return openMailedLink(request, getServices(context).mail, "verify-email", {
    signedIn: context.get(sessionContext) !== null,
  });
}

/** Uses the token up and marks the address verified. */
export async function action({ request, context }: Route.ActionArgs) {
  const { mail } = getServices(context);
  const form = await readFormPost(request);
  const verified = await whenDatabaseAvailable(async () => {
    const userId = await mail.consume("verify-email", form.get(MAIL_TOKEN_PARAM));
    if (userId) await mail.markEmailVerified(userId);
    return userId !== null;
  });
  return data({ verified }, { status: verified ? 200 : 400 });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePostInFlight();
  const onward = loaderData.signedIn ? (
    <Button asChild>
      <PreloadLink to={DEFAULT_SIGNED_IN_PATH}>Continue to your dashboard</PreloadLink>
    </Button>
  ) : (
    <Button asChild>
      <PreloadLink to="/login">Sign in</PreloadLink>
    </Button>
  );
  if (actionData?.verified) {
    return (
      <CenteredCard title="Email address confirmed" description="Thank you: your email address is verified.">
        {onward}
      </CenteredCard>
    );
  }
  if (!loaderData.token || actionData) {
    return (
      <ExpiredLink>
        <p className="text-sm">
          {loaderData.signedIn
            ? "Your dashboard can send you a new link."
            : "Sign in: your dashboard can send you a new link."}
        </p>
        {onward}
      </ExpiredLink>
    );
  }
  return (
    <CenteredCard
      title="Confirm your email address"
      description="One click, and this address is verified for your account."
    >
      <MailedLinkForm token={loaderData.token}>
        <SubmitButton busy={busy} size="lg" className="w-full">
          Confirm my email address
        </SubmitButton>
      </MailedLinkForm>
    </CenteredCard>
  );
}
