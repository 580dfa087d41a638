import { expect, test } from "@playwright/test";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { queryAll } from "../../../tests/fixtures/database";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { loginInContext } from "../../../tests/fixtures/signed-in";
import { postTeamForm, teamInDatabase, teamName } from "../teams/test-fixtures";
import { PROJECTS_PATH } from "./constants";

// Projects' pages in the pseudo-locale (docs/i18n.md): every word from a catalogue, none left in the
// code, and axe finds nothing. Without a team, then a team's current and archived projects, on their
// page and in the dashboard's card.
test.use({ locale: PSEUDO_LOCALE });

test("the projects' pages speak only the catalogues' words", async ({ page }) => {
  // Four states, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await loginInContext(page.context());
  const team = teamName();
  const projects = ["Apollo", "Gemini"];
  // The person's own name, address, team and projects are theirs, not the catalogues'.
  const names = [APP_NAME, person.name, person.email, team, ...projects];
  await page.goto(PROJECTS_PATH);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectPseudoLocalized(page, "the projects page, no active team", names);

  const teamId = await teamInDatabase(team, person.userId);
  await postTeamForm(page.request, teamId, { intent: "switch-team" });
  const now = new Date().toISOString();
  await queryAll(
    projects.map((name, index) => ({
      text: `INSERT INTO "project" ("id", "teamId", "name", "createdAt", "archivedAt") VALUES (?, ?, ?, ?, ?)`,
      params: [crypto.randomUUID(), teamId, name, now, index === 0 ? null : now] as string[],
    })),
  );
  await page.goto(PROJECTS_PATH);
  await expect(page.getByText(projects[0] ?? "", { exact: true })).toBeVisible();
  await expectPseudoLocalized(page, "the projects page, current and archived projects", names);
  await page.getByText(pseudo("Rename"), { exact: true }).first().click();
  await expect(page.getByRole("button", { name: pseudo("Save name") }).first()).toBeVisible();
  await expectPseudoLocalized(page, "the projects page, a rename open", names);

  await page.goto("/dashboard");
  await expect(page.getByText(projects[0] ?? "", { exact: true })).toBeVisible();
  await expectPseudoLocalized(page, "the dashboard's projects card", names);
});
