/**
 * `/team-ownership?token=…`: the link mailed to a team's previous owner
 * when they made someone else owner. Opening it changes nothing (mail
 * scanners open links too); signed in as that previous owner, one
 * confirmed post takes ownership back. A guest is asked to sign in and
 * open the link again (the token never goes into the sign-in page's
 * address); any other account learns nothing and uses nothing up.
 */
import { data, redirect } from "react-router";
import { CenteredCard } from "~/components/centered-card";
import { ExpiredLink } from "~/components/expired-link";
import { MailedLinkConfirm } from "~/components/mailed-link-form";
import { OnwardButton } from "~/components/onward-button";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { readForm, text } from "~/server/action-kit.server";
import { declareAction, enforcePolicy } from "~/server/action-policy.server";
import { getServices, sessionContext } from "~/server/context.server";
import type { Route } from "./+types/ownership-take-back-page";
import { TEAM_TAKE_BACK_PATH, teamPath } from "./constants";
import * as m from "./messages";
import { NOT_YOURS, takeBackOfLink, takeOwnershipBack } from "./ownership-take-back.server";
import type { TeamRole } from "./roles";

// Read when the page is shown, in its language.
export const handle = { title: () => m.takeOwnershipBack() };

export const headers = mailLinkPageHeaders;

/** What the page offers: the confirmation, or why not (a guest signs in first). */
type State = "ready" | "sign-in" | "not-yours" | "expired";

type TakeBack = { team: string; newOwner: string; role: TeamRole };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get(MAIL_TOKEN_PARAM);
  const waiting = await takeBackOfLink(getServices(context), token);
  const user = context.get(sessionContext)?.user;
  const answer = (state: State, status: number, takeBack: TakeBack | null = null) =>
    data({ state, signedIn: Boolean(user), token: takeBack ? token : null, takeBack }, { status });
  if (!waiting) return answer("expired", 400);
  if (!user) return answer("sign-in", 200);
  if (user.id !== waiting.userId) return answer("not-yours", 403);
  return answer("ready", 200, { team: waiting.team, newOwner: waiting.newOwner, role: waiting.toRole });
}

/** The mailed link, single use and bound to the transfer's state, is the proof; support never follows it for the person. */
const TAKE_BACK = declareAction(`${TEAM_TAKE_BACK_PATH} take-back`, {
  effect: "ownership",
  proof: "mailed-link",
  limits: [],
  activity: ["team-ownership-taken-back", "team-ownership-lost"],
  whileImpersonating: "refused",
});

/** Takes ownership back, for the previous owner only: the link is used up, and the team's page opens. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { [MAIL_TOKEN_PARAM]: text });
  const signedIn = context.get(sessionContext);
  if (!signedIn) return data({ message: NOT_YOURS.message }, { status: 403 });
  const services = getServices(context);
  const refusal = await enforcePolicy(TAKE_BACK, services, request, signedIn);
  if (refusal) return data({ message: refusal.message }, { status: refusal.status });
  const outcome = await takeOwnershipBack(services, request, signedIn.user, form[MAIL_TOKEN_PARAM]);
  if (!outcome.ok) return data({ message: outcome.message }, { status: outcome.status });
  throw redirect(teamPath(outcome.teamId));
}

export default function TakeOwnershipBack({ loaderData, actionData }: Route.ComponentProps) {
  const { state, signedIn, token, takeBack } = loaderData;
  if (state === "sign-in") {
    return (
      <CenteredCard title={m.signInToTakeBack()} description={m.signInToTakeBackDescription()}>
        <OnwardButton signedIn={false} />
      </CenteredCard>
    );
  }
  if (state === "not-yours") {
    return (
      <CenteredCard title={m.linkNotForYou()} description={m.linkNotForYouDescription()}>
        <OnwardButton signedIn />
      </CenteredCard>
    );
  }
  if (!takeBack || !token || actionData) {
    return (
      <ExpiredLink>
        {actionData?.message ? <p className="text-sm">{actionData.message}</p> : null}
        <p className="text-sm">{m.takeBackLinkAlsoStops()}</p>
        <OnwardButton signedIn={signedIn} />
      </ExpiredLink>
    );
  }
  return (
    <MailedLinkConfirm
      token={token}
      title={m.takeBackQuestion({ team: takeBack.team })}
      description={m.takeBackExplained({ newOwner: takeBack.newOwner, role: takeBack.role })}
      action={m.takeOwnershipBack()}
    />
  );
}
