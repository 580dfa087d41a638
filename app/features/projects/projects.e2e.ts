import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { sameOrigin } from "../../../tests/fixtures/accounts";
import { queryAll } from "../../../tests/fixtures/database";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { expect, openDashboardAs, test } from "../../../tests/fixtures/signed-in";
import { postTeamForm, teamInDatabase, teamName } from "../teams/test-fixtures";
import { PROJECTS_PATH } from "./constants";

// Two browsers each: about 10 s on a quiet machine, twice that while it runs other suites.
test.describe.configure({ timeout: 60_000 });

/** Makes `teamId` the active team of the session in `request` (its browser's), as the team switcher does. */
async function makeActive(request: APIRequestContext, teamId: string) {
  expect((await postTeamForm(request, teamId, { intent: "switch-team" })).status).toBe(200);
}

/** A projects form posted by `request` as a forger would (no page): the answer's status. */
async function postProjectForm(request: APIRequestContext, form: Record<string, string>) {
  const response = await request.post(PROJECTS_PATH, { headers: sameOrigin, form, maxRedirects: 0 });
  return response.status();
}

/**
 * The projects the database holds by that name in the journey's own teams, with their team and
 * whether archived (journeys running at once name their projects alike, in teams of their own).
 */
async function projectsNamed(name: string, teamIds: string[]) {
  const [result] = await queryAll([
    {
      text: `SELECT "id", "teamId", "archivedAt" FROM "project" WHERE "name" = ? AND "teamId" IN (${teamIds.map(() => "?").join(", ")})`,
      params: [name, ...teamIds],
    },
  ]);
  return (result?.rows ?? []) as { id: string; teamId: string; archivedAt: unknown }[];
}

/** A project made straight in the database, for journeys that are not about making one. */
async function projectInDatabase(teamId: string, name: string) {
  const id = crypto.randomUUID();
  await queryAll([
    {
      text: `INSERT INTO "project" ("id", "teamId", "name", "createdAt") VALUES (?, ?, ?, ?)`,
      params: [id, teamId, name, new Date().toISOString()],
    },
  ]);
  return id;
}

/** The row of the project `name` in the page's list `list` ("Current projects", "Archived projects"). */
const rowOf = (page: Page, list: string, name: string) =>
  page.getByRole("list", { name: list }).getByRole("listitem").filter({ hasText: name });

test("members create, rename and archive their team's projects on the dashboard and on its page; only owners and admins delete", async ({
  page,
  browser,
  login,
}) => {
  const owner = await openDashboardAs(page);
  const memberContext = await browser.newContext();
  const member = await login(undefined, { context: memberContext });
  const team = teamName("Acme");
  const teamId = await teamInDatabase(team, owner.userId, [member.userId]);
  await makeActive(page.request, teamId);
  await makeActive(memberContext.request, teamId);

  // The member creates one from the dashboard's card.
  const memberPage = await memberContext.newPage();
  await memberPage.goto("/dashboard");
  await waitForHydration(memberPage);
  const card = memberPage.getByRole("form", { name: "New project" });
  await card.getByLabel("Project name").fill("Apollo");
  await card.getByRole("button", { name: "Create project" }).click();
  await expect(memberPage.getByRole("list", { name: "Projects" })).toContainText("Apollo");

  // On the projects page: renamed, then archived; a member is offered no Delete, and a forged one is refused.
  await memberPage.getByRole("link", { name: "Manage projects" }).click();
  await expect(memberPage.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
  await waitForHydration(memberPage);
  await rowOf(memberPage, "Current projects", "Apollo").getByText("Rename").click();
  await memberPage.getByLabel("New name for Apollo").fill("Artemis");
  await memberPage.getByRole("button", { name: "Save name" }).click();
  await expect(rowOf(memberPage, "Current projects", "Artemis")).toBeVisible();
  await memberPage.getByRole("button", { name: "Archive: Artemis" }).click();
  const archived = rowOf(memberPage, "Archived projects", "Artemis");
  await expect(archived.getByRole("button", { name: "Restore: Artemis" })).toBeVisible();
  await expect(archived.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  const [artemis] = await projectsNamed("Artemis", [teamId]);
  expect(artemis).toMatchObject({ teamId, archivedAt: expect.anything() });
  const id = artemis?.id ?? "";
  expect(await postProjectForm(memberContext.request, { intent: "delete-project", projectId: id })).toBe(403);
  expect(await projectsNamed("Artemis", [teamId])).toHaveLength(1);

  // The owner deletes it from the archived list; both logs say what each did.
  await page.goto(PROJECTS_PATH);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Delete: Artemis" }).click();
  await expect(page.getByRole("list", { name: "Archived projects" })).toHaveCount(0);
  expect(await projectsNamed("Artemis", [teamId])).toEqual([]);
  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText(
    `Project deleted: Artemis in ${team}`,
  );
  await memberPage.goto("/dashboard");
  const memberLog = memberPage.getByRole("list", { name: "Recent activity" });
  await expect(memberLog).toContainText(`Project created: Apollo in ${team}`);
  await expect(memberLog).toContainText(`Project archived: Artemis in ${team}`);
  await memberContext.close();
});

test("another team's project id changes nothing (404); the export has the person's projects; a removed member loses them at the next request", async ({
  page,
  browser,
  login,
}) => {
  const owner = await openDashboardAs(page);
  const memberContext = await browser.newContext();
  const member = await login(undefined, { context: memberContext });
  const team = teamName("Acme");
  const teamId = await teamInDatabase(team, owner.userId, [member.userId]);
  await makeActive(memberContext.request, teamId);
  const apollo = await projectInDatabase(teamId, "Apollo");

  // Someone in another team, forging posts with Apollo's id: nothing changes.
  const strangerContext = await browser.newContext();
  const stranger = await login(undefined, { context: strangerContext });
  const otherTeamId = await teamInDatabase(teamName("Other"), stranger.userId);
  await makeActive(strangerContext.request, otherTeamId);
  for (const intent of ["rename-project", "archive-project", "delete-project"]) {
    const form = { intent, projectId: apollo, name: "Taken" };
    expect(await postProjectForm(strangerContext.request, form)).toBe(404);
  }
  expect(await projectsNamed("Apollo", [teamId, otherTeamId])).toEqual([
    { id: apollo, teamId, archivedAt: null },
  ]);
  await strangerContext.close();

  // The member sees it, and their data export holds it under their team.
  const memberPage = await memberContext.newPage();
  await memberPage.goto(PROJECTS_PATH);
  await expect(rowOf(memberPage, "Current projects", "Apollo")).toBeVisible();
  await memberPage.goto("/dashboard");
  await waitForHydration(memberPage);
  const downloading = memberPage.waitForEvent("download");
  await memberPage.getByRole("button", { name: "Download my data" }).click();
  const file = JSON.parse(await readFile((await (await downloading).path()) ?? "", "utf8"));
  expect(file.projects.teams).toEqual([
    expect.objectContaining({
      teamId,
      team,
      role: "member",
      projects: [expect.objectContaining({ name: "Apollo" })],
    }),
  ]);

  // Removed from the team, at their next request: no projects, and their posts change nothing.
  await queryAll([
    {
      text: `DELETE FROM "member" WHERE "organizationId" = ? AND "userId" = ?`,
      params: [teamId, member.userId],
    },
  ]);
  await memberPage.goto(PROJECTS_PATH);
  await expect(memberPage.getByText("No active team")).toBeVisible();
  await expect(memberPage.getByText("Apollo")).toHaveCount(0);
  const form = { intent: "archive-project", projectId: apollo };
  expect(await postProjectForm(memberContext.request, form)).toBe(404);
  expect(await projectsNamed("Apollo", [teamId])).toEqual([{ id: apollo, teamId, archivedAt: null }]);
  await memberContext.close();
});
