/** A team's own forms: create one, make one active, rename it, delete it. */
import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { done, refused } from "~/server/action-kit.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { TEAMS_PATH, teamPath } from "./constants";
import { TEAMS_PER_ACCOUNT, TEAMS_PER_IP } from "./limits.server";
import { teamDeletedMail } from "./mail-templates.server";
import * as m from "./messages";
import { mailOwners, teamAction, teamApi, viaPlugin } from "./team-action-kit.server";
import { logTeamChange } from "./team-activity.server";
import { createTeamForm, deleteTeamForm, renameTeamForm, switchTeamForm } from "./team-forms";
import { ownersOf } from "./teams.server";

/**
 * "Create a team": anyone with a verified address, within the limits
 * (./limits.server.ts); they are its owner, and it becomes their active team.
 */
const createTeam = dashboardAction({
  ...createTeamForm,
  page: TEAMS_PATH,
  policy: {
    effect: "shared",
    proof: "session",
    limits: [
      { limit: TEAMS_PER_IP, per: "ip", what: "new teams" },
      { limit: TEAMS_PER_ACCOUNT, per: "account", what: "new teams" },
    ],
    activity: ["team-created"],
    whileImpersonating: "refused",
  },
  async run({ services, request, signedIn: { user }, form }) {
    if (!user.emailVerified) {
      return refused(403, m.confirmEmailFirst());
    }
    let created: { id: string } | null = null;
    const outcome = await viaPlugin(async () => {
      created = await teamApi(services).createOrganization({
        body: { name: form.name, slug: randomUUID() },
        headers: request.headers,
      });
    }, m.teamCreated());
    if (!outcome.ok || !created) return outcome;
    const teamId = (created as { id: string }).id;
    await logTeamChange(services.db, request, [{ userId: user.id, kind: "team-created", detail: form.name }]);
    throw redirect(teamPath(teamId));
  },
});

/** The switcher: makes one of the person's teams the session's active team (a reload keeps it). */
const switchTeam = teamAction({
  ...switchTeamForm,
  policy: {
    effect: "own",
    proof: "session",
    limits: [],
    activity: [],
    whileImpersonating: "allowed",
  },
  target: "teamId",
  async run({ services, request }, team) {
    return viaPlugin(
      () =>
        teamApi(services).setActiveOrganization({
          body: { organizationId: team.id },
          headers: request.headers,
        }),
      m.activeTeamNow({ team: team.name }),
    );
  },
});

/** "Rename": owners only. */
const renameTeam = teamAction({
  ...renameTeamForm,
  policy: {
    effect: "shared",
    proof: "session",
    limits: [],
    activity: ["team-renamed"],
    whileImpersonating: "refused",
  },
  right: "rename",
  async run({ services, request, signedIn: { user }, form }, team) {
    if (form.name === team.name) return done(m.alreadyNamed());
    const outcome = await viaPlugin(
      () =>
        teamApi(services).updateOrganization({
          body: { organizationId: team.id, data: { name: form.name } },
          headers: request.headers,
        }),
      m.teamRenamed(),
    );
    if (outcome.ok) {
      await logTeamChange(services.db, request, [
        {
          userId: user.id,
          kind: "team-renamed",
          detail: () => m.renamedDetail({ from: team.name, to: form.name }),
        },
      ]);
    }
    return outcome;
  },
});

/** "Delete the team": owners only, typing its name; every member's log says so, every owner is mailed. */
const deleteTeam = teamAction({
  ...deleteTeamForm,
  policy: {
    effect: "irreversible",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-deleted", "team-deleted-by-owner"],
    whileImpersonating: "refused",
  },
  right: "deleteTeam",
  async run({ services, request, signedIn: { user }, form }, team) {
    if ((form.confirm ?? "").trim() !== team.name) {
      return refused(400, m.typeNameToDelete(), { confirm: m.typeNameExactly() });
    }
    const members = await services.db
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", team.id)
      .execute();
    const owners = await ownersOf(services.db, team.id);
    const outcome = await viaPlugin(
      () =>
        teamApi(services).deleteOrganization({ body: { organizationId: team.id }, headers: request.headers }),
      m.teamWasDeleted({ team: team.name }),
    );
    if (!outcome.ok) return outcome;
    await logTeamChange(services.db, request, [
      { userId: user.id, kind: "team-deleted", detail: team.name },
      ...members
        .filter((member) => member.userId !== user.id)
        .map((member) => ({ userId: member.userId, kind: "team-deleted-by-owner", detail: team.name })),
    ]);
    const url = `${services.env.APP_URL}${TEAMS_PATH}`;
    await mailOwners(
      services,
      user.id,
      owners,
      (recipient) => teamDeletedMail(recipient, team.name, url),
      "team-deleted",
    );
    throw redirect(TEAMS_PATH);
  },
});

export const TEAM_SETTINGS_ACTIONS = [createTeam, switchTeam, renameTeam, deleteTeam];
