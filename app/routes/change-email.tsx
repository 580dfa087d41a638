import { data } from "react-router";
import { CenteredCard } from "~/components/centered-card";
import { ExpiredLink } from "~/components/expired-link";
import { MailedLinkConfirm } from "~/components/mailed-link-form";
import { OnwardButton } from "~/components/onward-button";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { readForm, text } from "~/server/action-kit.server";
import { requestOrigin } from "~/server/auth/activity.server";
import { confirmEmailChange } from "~/server/auth/email-change.server";
import { getServices, sessionContext } from "~/server/context.server";
import { openMailedLink } from "~/server/mail/links.server";
import type { Route } from "./+types/change-email";

export const handle = { title: "Confirm your new email address" };

export const headers = mailLinkPageHeaders;

/**
 * The link mailed to the new address of an email change. Opening it changes
 * nothing (mail scanners open links too): the page asks for one click,
 * whose post makes the change. It works on any device, signed in or not.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return openMailedLink(request, getServices(context).mail, "change-email", {
    signedIn: context.get(sessionContext) !== null,
  });
}

/** Uses the link up and moves the account to the address that answered (`confirmEmailChange`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { mail } = getServices(context);
  const form = await readForm(request, { [MAIL_TOKEN_PARAM]: text });
  const facts = { at: new Date(), ...requestOrigin(request.headers) };
  const moved = await confirmEmailChange(mail, form[MAIL_TOKEN_PARAM], facts);
  if (!moved) return data({ email: null }, { status: 400 });
  return data({ email: moved.email });
}

export default function ChangeEmail({ loaderData, actionData }: Route.ComponentProps) {
  const onward = <OnwardButton signedIn={loaderData.signedIn} />;
  if (actionData?.email) {
    return (
      <CenteredCard
        title="Email address changed"
        description={`Your account now signs in with ${actionData.email}.`}
      >
        <p className="text-sm">Your old address got a notice, with a link to undo the change for a week.</p>
        {onward}
      </CenteredCard>
    );
  }
  if (!loaderData.token || actionData) {
    return (
      <ExpiredLink>
        <p className="text-sm">
          Your dashboard can send a new link. Until one is followed, your address stays as it is.
        </p>
        {onward}
      </ExpiredLink>
    );
  }
  return (
    <MailedLinkConfirm
      token={loaderData.token}
      title="Use this email address?"
      description="One click, and your account signs in with the address this mail came to."
      action="Use this email address"
    />
  );
}
