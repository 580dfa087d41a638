/**
 * `/team-invitation?token=…`: the link mailed to an invited address.
 * Opening it changes nothing (mail scanners open links too). Signed in
 * with the invited, verified address, one click accepts or declines; any
 * other account sees that the invitation is not for it, and nothing is
 * used up. A guest signs in, or creates an account with that address
 * (email first: the address is proven on the way), and finds the
 * invitation on their teams page.
 */
import { data, redirect } from "react-router";
import { CenteredCard } from "~/components/centered-card";
import { ExpiredLink } from "~/components/expired-link";
import { MailedLinkForm } from "~/components/mailed-link-form";
import { OnwardButton } from "~/components/onward-button";
import { PreloadLink } from "~/components/preload-link";
import { SubmitButton, usePostInFlight } from "~/components/submit-button";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { signInPathFor } from "~/lib/redirect";
import { readForm, text } from "~/server/action-kit.server";
import { declareAction, enforcePolicy } from "~/server/action-policy.server";
import { getServices, sessionContext } from "~/server/context.server";
import type { Route } from "./+types/invitation-page";
import { TEAM_INVITATION_PATH, TEAMS_PATH, teamPath } from "./constants";
import { ANSWER_POLICY } from "./invitation-actions.server";
import {
  answerInvitation,
  INVITATION_LINK,
  invitationOfLink,
  inviteeRefusal,
  isInvitee,
} from "./invitations.server";
import * as m from "./messages";

// Read when the page is shown, in its language.
export const handle = { title: () => m.teamInvitation() };

export const headers = mailLinkPageHeaders;

type Viewer = "invitee" | "someone-else" | "unverified" | "guest";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const session = context.get(sessionContext);
  const token = new URL(request.url).searchParams.get(MAIL_TOKEN_PARAM);
  const invitation = await invitationOfLink(services, token);
  if (!invitation)
    return data({ invitation: null, token: null, viewer: "guest" as Viewer, refusal: null }, { status: 400 });
  const user = session?.user;
  const viewer: Viewer = !user
    ? "guest"
    : isInvitee(user, invitation)
      ? "invitee"
      : user.email.toLowerCase() === invitation.email
        ? "unverified"
        : "someone-else";
  // The team and role only to a guest or the invitee: another account learns nothing from a forwarded link.
  const shown = viewer === "guest" || viewer === "invitee";
  // Nor whether the invited address's account may sign in (a suspension): only whoever the link is for.
  const refusal = viewer === "someone-else" ? null : await inviteeRefusal(services.db, invitation.email);
  if (refusal) return data({ invitation: null, token: null, viewer, refusal }, { status: 403 });
  return data(
    {
      invitation: shown ? { team: invitation.team, role: invitation.role } : null,
      token: viewer === "invitee" ? token : null,
      viewer,
      refusal: null,
    },
    { status: viewer === "someone-else" ? 403 : 200 },
  );
}

const ANSWER_BY_LINK = declareAction(`${TEAM_INVITATION_PATH} answer`, ANSWER_POLICY);

/** Accepts or declines, for the invitee only: the link is used up, and an accepted team opens. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await readForm(request, { [MAIL_TOKEN_PARAM]: text, answer: text });
  const signedIn = context.get(sessionContext);
  const invitation = await invitationOfLink(services, form[MAIL_TOKEN_PARAM]);
  if (!invitation) return data({ message: null, gone: true }, { status: 400 });
  if (!signedIn || !isInvitee(signedIn.user, invitation)) {
    return data({ message: m.invitationForAnotherAddress(), gone: false }, { status: 403 });
  }
  const refusal = await enforcePolicy(ANSWER_BY_LINK, services, request, signedIn);
  if (refusal) return data({ message: refusal.message, gone: false }, { status: refusal.status });
  if (!(await services.mail.consume(INVITATION_LINK, form[MAIL_TOKEN_PARAM]))) {
    return data({ message: null, gone: true }, { status: 400 });
  }
  const join = form.answer !== "decline";
  const outcome = await answerInvitation(services, request, signedIn.user, invitation, join);
  if (!outcome.ok) return data({ message: outcome.message, gone: false }, { status: outcome.status });
  if (join) throw redirect(teamPath(outcome.teamId));
  return data({ message: outcome.message, gone: false }, { status: 200 });
}

export default function TeamInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, token, viewer, refusal } = loaderData;
  const posting = usePostInFlight();
  if (refusal) {
    return (
      <CenteredCard title={m.cannotAnswerNow()} description={m.nothingChanged()}>
        <Alert>{refusal}</Alert>
      </CenteredCard>
    );
  }
  if (actionData?.message && !actionData.gone) {
    return (
      <CenteredCard title={m.invitationAnswered()} description={actionData.message}>
        <Button asChild>
          <PreloadLink to={TEAMS_PATH}>{m.seeYourTeams()}</PreloadLink>
        </Button>
      </CenteredCard>
    );
  }
  if (viewer === "someone-else") {
    return (
      <CenteredCard title={m.invitationNotForYou()} description={m.invitationNotForYouDescription()}>
        <p className="text-sm">{m.askToInviteYourAddress()}</p>
        <OnwardButton signedIn />
      </CenteredCard>
    );
  }
  if (!invitation || actionData?.gone) {
    return (
      <ExpiredLink>
        <p className="text-sm">{m.invitationMayBeGone()}</p>
        <OnwardButton signedIn={viewer !== "guest"} />
      </ExpiredLink>
    );
  }
  const joinLine = m.joinAs({ team: invitation.team, role: invitation.role });
  if (viewer === "guest" || viewer === "unverified") {
    const signIn = signInPathFor(TEAMS_PATH);
    return (
      <CenteredCard title={joinLine} description={m.invitedAtMailedAddress()}>
        {viewer === "unverified" ? (
          <p className="text-sm">{m.confirmEmailThenOpenAgain()}</p>
        ) : (
          <>
            <p className="text-sm">{m.signInOrSignUpWithAddress()}</p>
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <PreloadLink to={signIn}>{m.signIn()}</PreloadLink>
              </Button>
              <Button asChild variant="outline">
                <PreloadLink to={`${signIn}&mode=signup`}>{m.createAnAccount()}</PreloadLink>
              </Button>
            </div>
          </>
        )}
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={joinLine} description={m.invitedAtYourAddress()}>
      {actionData?.message ? <p className="text-destructive text-sm">{actionData.message}</p> : null}
      <MailedLinkForm token={token ?? ""} className="flex flex-wrap gap-2">
        <SubmitButton busy={posting} name="answer" value="accept">
          {m.acceptAndJoin()}
        </SubmitButton>
        <SubmitButton busy={posting} name="answer" value="decline" variant="outline">
          {m.decline()}
        </SubmitButton>
      </MailedLinkForm>
    </CenteredCard>
  );
}
