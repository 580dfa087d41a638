import { data } from "react-router";
import { ExpiredSignOutLink } from "~/components/after-sign-out-everywhere";
import { MailedLinkConfirm } from "~/components/mailed-link-form";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { readForm, text, withCookies } from "~/server/action-kit.server";
import { requestOrigin } from "~/server/auth/activity.server";
import { getServices, sessionContext } from "~/server/context.server";
import { openMailedLink } from "~/server/mail/links.server";
import { signOutEverywhere } from "~/server/session/sessions.server";
import type { Route } from "./+types/undo-email-change-page";
import * as m from "./messages";
import { undoEmailChange } from "./undo.server";
import { NotRestoredCard, UndoneCard } from "./undone-card";

export const handle = { title: () => m.undoPageTitle() };

export const headers = mailLinkPageHeaders;

/**
 * The notice's "This wasn't me" link, mailed to the old address when the
 * account's address changed. Opening it changes nothing: the page asks for
 * a confirmation, a post (same origin only).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return openMailedLink(request, getServices(context).mail, "undo-email-change");
}

/**
 * Uses the link up, puts the old address back and takes the account back
 * (`undoEmailChange`), and ends every session of the account, this
 * browser's too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await readForm(request, { [MAIL_TOKEN_PARAM]: text });
  const facts = { at: new Date(), ...requestOrigin(request.headers) };
  const undone = await undoEmailChange(services.mail, form[MAIL_TOKEN_PARAM], facts);
  if (!undone) return data({ undone: null }, { status: 400 });
  const setCookie = await signOutEverywhere(services, request.headers, {
    userId: undone.userId,
    thisBrowsersUser: context.get(sessionContext)?.user.id ?? null,
  });
  const { userId: _, ...shown } = undone;
  // Named: unnamed, the loader's 400 for the link just used up would be the answer's status.
  return data({ undone: shown }, { status: 200, headers: withCookies(setCookie) });
}

export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const undone = actionData?.undone;
  if (undone) return undone.restored ? <UndoneCard {...undone} /> : <NotRestoredCard />;
  if (!loaderData.token || actionData) return <ExpiredSignOutLink />;
  return (
    <MailedLinkConfirm
      token={loaderData.token}
      title={m.undoTitle()}
      description={m.undoDescription()}
      action={m.undoAction()}
      destructive
    />
  );
}
