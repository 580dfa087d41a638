import { test } from "@playwright/test";
import { expectNoViolations, watchEveryPage } from "../../../tests/fixtures/accessibility";
import { loginInContext } from "../../../tests/fixtures/signed-in";
import { createTeam, invitationLink, invite, newAddress, teamName } from "./test-fixtures";

watchEveryPage(test, ["/team-invitation"]);

test("the teams' pages have no accessibility violations", async ({ page, browser }) => {
  await loginInContext(page.context());
  await page.goto("/dashboard/teams");
  await expectNoViolations(page, "no team yet");
  const name = teamName();
  await createTeam(page, name);
  const invitee = newAddress();
  await invite(page, invitee, "admin");
  await expectNoViolations(page, "a team's page, as its owner");
  await page.goto("/dashboard/teams");
  await expectNoViolations(page, "the teams page");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitemradio", { name }).waitFor();
  await expectNoViolations(page, "the account menu's team switcher");

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(await invitationLink(invitee, name));
  await expectNoViolations(guest, "an invitation, to a guest");
  await guestContext.close();
});
