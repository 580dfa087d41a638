import { data } from "react-router";
import { CenteredCard } from "~/components/centered-card";
import { ExpiredLink } from "~/components/expired-link";
import { MailedLinkConfirm } from "~/components/mailed-link-form";
import { OnwardButton } from "~/components/onward-button";
import { RemovedWaysInNotice } from "~/components/removed-ways-in";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { type RemovedWaysIn, removedAnything } from "~/lib/removed-ways-in";
import { readForm, text } from "~/server/action-kit.server";
import { getServices, sessionContext } from "~/server/context.server";
import { openMailedLink } from "~/server/mail/links.server";
import type { Route } from "./+types/verify-email";
import * as m from "./messages";

export const handle = { title: () => m.verifyEmailTitle() };

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

type ActionData = { verified: boolean; removed?: RemovedWaysIn };

/**
 * Uses the token up and marks the address verified; the first time, other
 * ways in and every session go (`proveMailbox`), and the page says which.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { mail } = getServices(context);
  const form = await readForm(request, { [MAIL_TOKEN_PARAM]: text });
  const userId = await mail.consume("verify-email", form[MAIL_TOKEN_PARAM]);
  if (!userId) return data<ActionData>({ verified: false }, { status: 400 });
  // The browser that followed the link stays signed in if it is this account's.
  const current = context.get(sessionContext);
  const proof = await mail.proveMailbox(userId, current?.user.id === userId ? current.session.id : undefined);
  const removed = proof && removedAnything(proof) ? proof : undefined;
  // Named: unnamed, the loader's 400 for the link just used up would be the answer's status.
  return data<ActionData>(
    {
      verified: true,
      ...(removed ? { removed: { fromFeatures: removed.fromFeatures, providers: removed.providers } } : {}),
    },
    { status: 200 },
  );
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const onward = <OnwardButton signedIn={loaderData.signedIn} />;
  if (actionData?.verified) {
    return (
      <CenteredCard title={m.verifyEmailDoneTitle()} description={m.verifyEmailDoneDescription()}>
        {actionData.removed ? <RemovedWaysInNotice removed={actionData.removed} /> : null}
        {onward}
      </CenteredCard>
    );
  }
  if (!loaderData.token || actionData) {
    return (
      <ExpiredLink>
        <p className="text-sm">
          {loaderData.signedIn ? m.verifyEmailNewLinkSignedIn() : m.verifyEmailNewLinkGuest()}
        </p>
        {onward}
      </ExpiredLink>
    );
  }
  return (
    <MailedLinkConfirm
      token={loaderData.token}
      title={m.verifyEmailConfirmTitle()}
      description={m.verifyEmailConfirmDescription()}
      action={m.verifyEmailConfirmAction()}
    />
  );
}
