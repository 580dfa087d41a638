/**
 * The projects' forms, one `teamScopedAction` each: inside the session's
 * active team (never a team the form names), checked against the poster's
 * membership at every post (`404` once removed) and, for deleting, their
 * role (./rights.ts: `403`). A project is found through the team's scope,
 * so another team's project id finds nothing (`404`), and nothing changes.
 */
import { randomUUID } from "node:crypto";
import { type TeamScope, teamScopedAction } from "~/features/teams/api.server";
import { done, type Refusal, refused } from "~/server/action-kit.server";
import type { ActionPolicy } from "~/server/action-policy.server";
import { recordActivity, requestOrigin } from "~/server/auth/activity.server";
import type { AppServices } from "~/server/context.server";
import * as m from "./messages";
import {
  archiveProjectForm,
  createProjectForm,
  deleteProjectForm,
  renameProjectForm,
  restoreProjectForm,
} from "./project-forms";
import { PROJECT_RULES } from "./rights";

/** In the request's language: made when it is answered. */
const notInTeam = (): Refusal => refused(404, m.notInActiveTeam());

/** A change to the team's shared data, by any of its members, logged as `kind`; never in someone's place. */
const changes = (kind: string): ActionPolicy => ({
  effect: "shared",
  proof: "session",
  limits: [],
  activity: [kind],
  whileImpersonating: "refused",
});

/** The project `id` of the scope's team, or undefined. */
const projectIn = (scope: TeamScope, id: string) =>
  scope.selectFrom("project").select(["id", "name", "archivedAt"]).where("id", "=", id).executeTakeFirst();

/**
 * Logs the change for the person who made it, with the project and its team: "Project created: Apollo in Acme".
 * The detail is kept as written, in the language of the request that made the change.
 */
async function log(
  { db }: AppServices,
  request: Request,
  entry: { userId: string; kind: string; name: string; scope: TeamScope },
) {
  const detail = m.activityDetail({ project: entry.name, team: entry.scope.team.name });
  await recordActivity(db, {
    userId: entry.userId,
    kind: entry.kind,
    detail,
    ...requestOrigin(request.headers),
  });
}

const createProject = teamScopedAction({
  ...createProjectForm,
  policy: changes("project-created"),
  async run({ services, request, signedIn: { user }, form }, scope) {
    await scope
      .insertInto("project", { id: randomUUID(), name: form.name, createdAt: new Date(), createdBy: user.id })
      .execute();
    await log(services, request, { userId: user.id, kind: "project-created", name: form.name, scope });
    return done(m.projectCreated({ name: form.name }));
  },
});

const renameProject = teamScopedAction({
  ...renameProjectForm,
  policy: changes("project-renamed"),
  target: "projectId",
  async run({ services, request, signedIn: { user }, form }, scope) {
    const project = await projectIn(scope, form.projectId);
    if (!project) return notInTeam();
    if (project.name === form.name) return done(m.projectAlreadyNamed());
    await scope.updateTable("project").set({ name: form.name }).where("id", "=", project.id).execute();
    const name = `${project.name} → ${form.name}`;
    await log(services, request, { userId: user.id, kind: "project-renamed", name, scope });
    return done(m.projectRenamed());
  },
});

/** Archiving and restoring: the same form, the other way. */
function archiveAction(archive: boolean) {
  const kind = archive ? "project-archived" : "project-restored";
  return teamScopedAction({
    ...(archive ? archiveProjectForm : restoreProjectForm),
    policy: changes(kind),
    target: "projectId",
    async run({ services, request, signedIn: { user }, form }, scope) {
      const project = await projectIn(scope, form.projectId);
      if (!project) return notInTeam();
      const archivedAt = archive ? new Date() : null;
      await scope.updateTable("project").set({ archivedAt }).where("id", "=", project.id).execute();
      await log(services, request, { userId: user.id, kind, name: project.name, scope });
      return done(
        archive ? m.projectArchived({ name: project.name }) : m.projectRestored({ name: project.name }),
      );
    },
  });
}

/** Deleting: owners and admins, an archived project only, so that nothing is deleted by one click. */
const deleteProject = teamScopedAction({
  ...deleteProjectForm,
  policy: {
    effect: "irreversible",
    proof: "recent-sign-in",
    limits: [],
    activity: ["project-deleted"],
    whileImpersonating: "refused",
  },
  target: "projectId",
  allowed: PROJECT_RULES.delete,
  async run({ services, request, signedIn: { user }, form }, scope) {
    const project = await projectIn(scope, form.projectId);
    if (!project) return notInTeam();
    if (!project.archivedAt) return refused(409, m.archiveBeforeDeleting());
    await scope.deleteFrom("project").where("id", "=", project.id).execute();
    await log(services, request, { userId: user.id, kind: "project-deleted", name: project.name, scope });
    return done(m.projectDeleted({ name: project.name }));
  },
});

/** The forms of the dashboard's Projects card and of /dashboard/projects. */
export const PROJECT_ACTIONS = [
  createProject,
  renameProject,
  archiveAction(true),
  archiveAction(false),
  deleteProject,
];
