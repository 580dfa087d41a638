import { data } from "react-router";
import { CenteredCard } from "~/components/centered-card";
import { ExpiredLink } from "~/components/expired-link";
import { MailedLinkConfirm } from "~/components/mailed-link-form";
import { OnwardButton } from "~/components/onward-button";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { readForm, text } from "~/server/action-kit.server";
import { requestOrigin } from "~/server/auth/activity.server";
import { getServices, sessionContext } from "~/server/context.server";
import type { Route } from "./+types/change-email-page";
import { changeLinkState, confirmEmailChange } from "./email-change.server";
import * as m from "./messages";

export const handle = { title: () => m.confirmPageTitle() };

export const headers = mailLinkPageHeaders;

/**
 * The link mailed to the new address of an email change. Opening it changes
 * nothing (mail scanners open links too): in a browser signed in to the
 * account that asked, the page asks for one click, whose post makes the
 * change; in any other browser it asks to sign in first, so whoever reads
 * the mailbox cannot complete a move someone else asked for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { mail } = getServices(context);
  const session = context.get(sessionContext);
  const token = new URL(request.url).searchParams.get(MAIL_TOKEN_PARAM);
  const link = await changeLinkState(mail, token, session?.user.id ?? null);
  const status = link === null ? 400 : 200;
  return data({ token: link === "ready" ? token : null, link, signedIn: session !== null }, { status });
}

/** Uses the link up and moves the account to the address that answered (`confirmEmailChange`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { mail } = getServices(context);
  const form = await readForm(request, { [MAIL_TOKEN_PARAM]: text });
  const facts = { at: new Date(), ...requestOrigin(request.headers) };
  const session = context.get(sessionContext);
  const signedIn = session && { userId: session.user.id, signedInAt: session.session.createdAt };
  const confirmed = await confirmEmailChange(mail, form[MAIL_TOKEN_PARAM], signedIn, facts);
  if (!confirmed) return data({ email: null, signInFirst: false }, { status: 400 });
  if ("signInFirst" in confirmed) return data({ email: null, signInFirst: true }, { status: 403 });
  // Named: unnamed, the loader's 400 for the link just used up would be the answer's status.
  return data({ email: confirmed.moved.to, signInFirst: false }, { status: 200 });
}

export default function ChangeEmail({ loaderData, actionData }: Route.ComponentProps) {
  const onward = <OnwardButton signedIn={loaderData.signedIn} />;
  if (loaderData.link === "sign-in-first" || actionData?.signInFirst) {
    return (
      <CenteredCard title={m.signInToFinishTitle()} description={m.signInToFinishDescription()}>
        <p className="text-sm">{m.signInToFinishText()}</p>
        {onward}
      </CenteredCard>
    );
  }
  if (actionData?.email) {
    return (
      <CenteredCard title={m.changedTitle()} description={m.changedDescription({ email: actionData.email })}>
        <p className="text-sm">{m.changedText()}</p>
        {onward}
      </CenteredCard>
    );
  }
  if (!loaderData.token || actionData) {
    return (
      <ExpiredLink>
        <p className="text-sm">{m.expiredText()}</p>
        {onward}
      </ExpiredLink>
    );
  }
  return (
    <MailedLinkConfirm
      token={loaderData.token}
      title={m.confirmTitle()}
      description={m.confirmDescription()}
      action={m.switchToThisAddress()}
    />
  );
}
