import { test } from "@playwright/test";
import { expectNoViolations, watchEveryPage } from "../../../tests/fixtures/accessibility";
import { queryAll } from "../../../tests/fixtures/database";
import { loginInContext } from "../../../tests/fixtures/signed-in";
import { postTeamForm, teamInDatabase, teamName } from "../teams/test-fixtures";
import { PROJECTS_PATH } from "./constants";

watchEveryPage(test);

test("the projects page has no accessibility violations, without a team and with current and archived projects", async ({
  page,
}) => {
  const person = await loginInContext(page.context());
  await page.goto(PROJECTS_PATH);
  await expectNoViolations(page, "no active team");
  const teamId = await teamInDatabase(teamName(), person.userId);
  await postTeamForm(page.request, teamId, { intent: "switch-team" });
  const now = new Date().toISOString();
  await queryAll(
    [null, now].map((archivedAt, index) => ({
      text: `INSERT INTO "project" ("id", "teamId", "name", "createdAt", "archivedAt") VALUES (?, ?, ?, ?, ?)`,
      params: [crypto.randomUUID(), teamId, `Project ${index + 1}`, now, archivedAt] as string[],
    })),
  );
  await page.goto(PROJECTS_PATH);
  await page.getByText("Rename", { exact: true }).click();
  await expectNoViolations(page, "current and archived projects, a rename open");
});
