/**
 * The projects' forms on the server, posted as the pages post them, in
 * teams made through teams' own forms (its test world): who may do what,
 * that the team is always the session's active one, and that another
 * team's project or a removed member changes nothing.
 */
import { afterEach, expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { type ActivityItem, activityKind } from "~/lib/activity";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import { type Person, teamsWorld, type World } from "../teams/test-world.server";
import { PROJECT_ACTIONS } from "./project-actions.server";
import { everyTeamsProjects } from "./projects.server";

let world: World | undefined;
afterEach(async () => {
  await world?.db.close();
  world = undefined;
});

/** Ada owns Acme (her active team); Bea is its member, Acme active for her too. */
async function acme() {
  world = await teamsWorld();
  const { join, createTeam, addMember, post } = world;
  const ada = await join("Ada");
  const bea = await join("Bea", { ip: "198.51.100.9" });
  const teamId = await createTeam(ada, "Acme");
  await addMember(teamId, bea, "member");
  await post(bea, { intent: "switch-team", teamId });
  return { ...world, ada, bea, teamId };
}

/** Posts a projects form as `person`, the way the dashboard's card and the projects page do. */
async function postProject(person: Person, fields: Record<string, string>) {
  const services = world?.services;
  if (!services) throw new Error("no world");
  const signedIn = await services.auth.api.getSession({ headers: person.headers });
  if (!signedIn) throw new Error(`${person.name} is not signed in`);
  const request = new Request(`${TEST_APP_URL}/dashboard/projects`, {
    method: "POST",
    headers: person.headers,
    body: new URLSearchParams(fields),
  });
  const answer = await runDashboardAction(PROJECT_ACTIONS, services, request, signedIn);
  return { status: answer.init?.status ?? 200, ...answer.data };
}

/** Every project row, by name, as the database holds them. */
const rows = () =>
  world?.db.kysely
    .selectFrom("project")
    .select(["id", "name", "teamId", "archivedAt"])
    .orderBy("name")
    .execute() ?? [];

/** The id of the project named `name`. */
const idOf = async (name: string) => (await rows()).find((row) => row.name === name)?.id ?? "";

/** The kinds in `person`'s activity log, oldest first. */
const kindsOf = async (person: Person) =>
  (
    await world?.db.kysely
      .selectFrom("activity")
      .select(["kind", "detail"])
      .where("userId", "=", person.id)
      .where("kind", "like", "project-%")
      .orderBy("id")
      .execute()
  )?.map((entry) => `${entry.kind}: ${entry.detail}`);

test("a member creates, renames, archives and restores their team's projects, each in their log", async () => {
  const { bea, teamId } = await acme();
  expect(await postProject(bea, { intent: "create-project", name: "  Apollo  " })).toMatchObject({
    status: 200,
  });
  expect(await rows()).toEqual([{ id: expect.any(String), name: "Apollo", teamId, archivedAt: null }]);
  const id = await idOf("Apollo");
  expect(await postProject(bea, { intent: "rename-project", projectId: id, name: "Artemis" })).toMatchObject({
    status: 200,
    message: "Project renamed.",
  });
  expect(await postProject(bea, { intent: "archive-project", projectId: id })).toMatchObject({ status: 200 });
  expect((await rows())[0]?.archivedAt).toBeInstanceOf(Date);
  expect(await postProject(bea, { intent: "restore-project", projectId: id })).toMatchObject({ status: 200 });
  expect(await rows()).toEqual([{ id, name: "Artemis", teamId, archivedAt: null }]);
  expect(await kindsOf(bea)).toEqual([
    "project-created: Apollo in Acme",
    "project-renamed: Apollo → Artemis in Acme",
    "project-archived: Artemis in Acme",
    "project-restored: Artemis in Acme",
  ]);
});

test("a name must read as a name: empty, too long or with control characters is a 400 on its field", async () => {
  const { bea } = await acme();
  for (const name of ["   ", "x".repeat(81), "Apollo\nArtemis"]) {
    const answer = await postProject(bea, { intent: "create-project", name });
    expect(answer).toMatchObject({ status: 400, fieldErrors: { name: expect.any(String) } });
  }
  expect(await rows()).toEqual([]);
});

test("a member may not delete (403, nothing changes); an admin or owner deletes an archived project only", async () => {
  const { ada, bea, teamId, addMember, join, post } = await acme();
  await postProject(bea, { intent: "create-project", name: "Apollo" });
  const id = await idOf("Apollo");
  await postProject(bea, { intent: "archive-project", projectId: id });
  expect(await postProject(bea, { intent: "delete-project", projectId: id })).toMatchObject({
    status: 403,
    message: "Only the team's owners and admins can delete projects.",
  });
  expect(await rows()).toHaveLength(1);

  const cy = await join("Cy", { ip: "192.0.2.4" });
  await addMember(teamId, cy, "admin");
  await post(cy, { intent: "switch-team", teamId });
  await postProject(ada, { intent: "create-project", name: "Borealis" });
  const current = await postProject(cy, { intent: "delete-project", projectId: await idOf("Borealis") });
  expect(current).toMatchObject({ status: 409, message: "Archive the project before deleting it." });
  expect(await postProject(cy, { intent: "delete-project", projectId: id })).toMatchObject({ status: 200 });
  expect((await rows()).map((row) => row.name)).toEqual(["Borealis"]);
  expect(await kindsOf(cy)).toEqual(["project-deleted: Apollo in Acme"]);
});

test("another team's project id finds nothing: 404 for every form, and nothing changes", async () => {
  const { ada, bea, createTeam } = await acme();
  await postProject(bea, { intent: "create-project", name: "Apollo" });
  const acmes = await idOf("Apollo");
  await createTeam(ada, "Other"); // Now Ada's active team.
  await postProject(ada, { intent: "create-project", name: "Zephyr" });
  await postProject(bea, { intent: "archive-project", projectId: acmes });
  const before = await rows();
  for (const intent of ["rename-project", "archive-project", "restore-project", "delete-project"]) {
    const answer = await postProject(ada, { intent, projectId: acmes, name: "Taken" });
    expect(answer).toMatchObject({ status: 404, message: "That project is not in your active team." });
  }
  expect(await rows()).toEqual(before);
});

test("the team is the session's active team, never one the form names; a removed member gets 404", async () => {
  const { ada, bea, teamId, createTeam, db } = await acme();
  const other = await createTeam(ada, "Other");
  // A forged teamId in the form is not a field of these forms: the project lands in Bea's active team.
  await postProject(bea, { intent: "create-project", name: "Apollo", teamId: other });
  expect(await rows()).toMatchObject([{ name: "Apollo", teamId }]);

  await db.kysely
    .deleteFrom("member")
    .where("organizationId", "=", teamId)
    .where("userId", "=", bea.id)
    .execute();
  const before = await rows();
  expect(await postProject(bea, { intent: "create-project", name: "Borealis" })).toMatchObject({
    status: 404,
  });
  expect(
    await postProject(bea, { intent: "archive-project", projectId: await idOf("Apollo") }),
  ).toMatchObject({
    status: 404,
  });
  expect(await rows()).toEqual(before);
});

test("without an active team a post is refused with where to choose one (409)", async () => {
  world = await teamsWorld();
  const dan = await world.join("Dan");
  expect(await postProject(dan, { intent: "create-project", name: "Apollo" })).toMatchObject({
    status: 409,
    message: "Choose a team to work in first, on the Teams page.",
  });
  expect(await rows()).toEqual([]);
});

test("the data export has every team the person belongs to, with its projects; the dashboard only the active one", async () => {
  const { ada, bea, createTeam, services } = await acme();
  await postProject(bea, { intent: "create-project", name: "Apollo" });
  await createTeam(ada, "Other");
  await postProject(ada, { intent: "create-project", name: "Zephyr" });
  const signedIn = await services.auth.api.getSession({ headers: ada.headers });
  if (!signedIn) throw new Error("not signed in");
  const exported = await everyTeamsProjects(services, signedIn);
  expect(
    exported.teams.map(({ team, role, active, projects }) => [
      team,
      role,
      active,
      projects.map((p) => p.name),
    ]),
  ).toEqual([
    ["Acme", "owner", false, ["Apollo"]],
    ["Other", "owner", true, ["Zephyr"]],
  ]);
});

test("a project's name reaches the whole team, so it holds to the rule of shown text: no link, no address", async () => {
  const { bea } = await acme();
  for (const name of ["www.evil.example", "pay at evil@example.com"]) {
    const answer = await postProject(bea, { intent: "create-project", name });
    expect(answer.status).toBe(400);
    expect(answer.ok).toBe(false);
  }
  expect(await rows()).toEqual([]);
});

test("in German, the answers, the refusals and the activity log's entries speak German", async () => {
  const { bea } = await acme();
  await inLocale("de", async () => {
    expect(await postProject(bea, { intent: "create-project", name: "Apollo" })).toMatchObject({
      status: 200,
      message: "„Apollo“ erstellt.",
    });
    expect(await postProject(bea, { intent: "create-project", name: "   " })).toMatchObject({
      status: 400,
      fieldErrors: { name: "Geben Sie dem Projekt einen Namen." },
    });
    const id = await idOf("Apollo");
    expect(await postProject(bea, { intent: "delete-project", projectId: id })).toMatchObject({
      status: 403,
      message: "Nur die Inhaber und Admins des Teams können Projekte löschen.",
    });
  });
  // The same kit in English again: nothing was fixed in the first language it spoke.
  expect(await postProject(bea, { intent: "create-project", name: "   " })).toMatchObject({
    fieldErrors: { name: "Name your project." },
  });
  expect(await kindsOf(bea)).toEqual(["project-created: Apollo im Team Acme"]);
  const describe = activityKind("project-created")?.describe;
  if (typeof describe !== "function") throw new Error("no sentence for project-created");
  const entry = { kind: "project-created", detail: "Apollo im Team Acme" } as ActivityItem;
  expect(inLocale("de", () => describe(entry))).toBe("Projekt erstellt: Apollo im Team Acme");
  expect(describe(entry)).toBe("Project created: Apollo im Team Acme");
});
