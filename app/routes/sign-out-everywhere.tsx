import { data } from "react-router";
import { ExpiredSignOutLink, ResetPasswordOrSignIn } from "~/components/after-sign-out-everywhere";
import { CenteredCard } from "~/components/centered-card";
import { MailedLinkConfirm } from "~/components/mailed-link-form";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { readForm, text, withCookies } from "~/server/action-kit.server";
import { getServices, sessionContext } from "~/server/context.server";
import { openMailedLink } from "~/server/mail/links.server";
import { signOutEverywhere } from "~/server/session/sessions.server";
import type { Route } from "./+types/sign-out-everywhere";
import * as m from "./messages";

export const handle = { title: () => m.signOutEverywhereTitle() };

export const headers = mailLinkPageHeaders;

/**
 * The new-device notice's "Not you?" link. It works without being signed
 * in (whoever reads the mail may be on another device). Opening it changes
 * nothing: the page asks for a confirmation, a post (same origin only).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return openMailedLink(request, getServices(context).mail, "sign-out-everywhere");
}

/** Uses the token up and ends every session of its account, this browser's too. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await readForm(request, { [MAIL_TOKEN_PARAM]: text });
  const userId = await services.mail.consume("sign-out-everywhere", form[MAIL_TOKEN_PARAM]);
  if (!userId) return data({ done: false }, { status: 400 });
  const setCookie = await signOutEverywhere(services, request.headers, {
    userId,
    thisBrowsersUser: context.get(sessionContext)?.user.id ?? null,
  });
  // Named: unnamed, the loader's 400 for the link just used up would be the answer's status.
  return data({ done: true }, { status: 200, headers: withCookies(setCookie) });
}

export default function SignOutEverywhere({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done) {
    return (
      <CenteredCard title={m.signOutEverywhereDoneTitle()} description={m.signOutEverywhereDoneDescription()}>
        <p className="text-sm">{m.signOutEverywhereAdvice()}</p>
        <ResetPasswordOrSignIn />
      </CenteredCard>
    );
  }
  if (!loaderData.token || actionData) return <ExpiredSignOutLink />;
  return (
    <MailedLinkConfirm
      token={loaderData.token}
      title={m.signOutEverywhereConfirmTitle()}
      description={m.signOutEverywhereConfirmDescription()}
      action={m.signOutEverywhereConfirmAction()}
      destructive
    />
  );
}
