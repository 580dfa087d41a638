import { test } from "@playwright/test";
import {
  expectNoViolations,
  inColorMode,
  inEachColorMode,
  watchEveryPage,
} from "../../../tests/fixtures/accessibility";
import { loginInContext } from "../../../tests/fixtures/signed-in";
import { createTeam, invitationLink, invite, newAddress, teamName } from "./test-fixtures";

watchEveryPage(test, ["/team-invitation"]);

inEachColorMode(test, (mode) => {
  test("the teams' pages have no accessibility violations", async ({ page, browser }) => {
    await loginInContext(page.context());
    await page.goto("/dashboard/teams");
    await expectNoViolations(page, mode, "no team yet");
    const name = teamName();
    await createTeam(page, name);
    const invitee = newAddress();
    await invite(page, invitee, "admin");
    await expectNoViolations(page, mode, "a team's page, as its owner");
    await page.goto("/dashboard/teams");
    await expectNoViolations(page, mode, "the teams page");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitemradio", { name }).waitFor();
    await expectNoViolations(page, mode, "the account menu's team switcher");

    const guestContext = await browser.newContext();
    await inColorMode(guestContext, mode);
    const guest = await guestContext.newPage();
    await guest.goto(await invitationLink(invitee, name));
    await expectNoViolations(guest, mode, "an invitation, to a guest");
    await guestContext.close();
  });
});
