import { type BrowserContext, expect, test } from "@playwright/test";
import { pseudoText } from "../../../scripts/i18n/pseudo.ts";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { waitForElementHydration, waitForHydration } from "../../../tests/fixtures/page-state";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { loginInContext, openDashboardAs } from "../../../tests/fixtures/signed-in";
import { invitationLink, invite, newAddress, teamInDatabase, teamName } from "./test-fixtures";

/** A browser's choice of the pseudo-locale (the language switch's cookie), for the pages it opens next. */
const choosePseudoLocale = (context: BrowserContext, baseURL: string) =>
  context.addCookies([{ name: "lang", value: PSEUDO_LOCALE, url: baseURL }]);

// Teams' pages in the pseudo-locale (docs/i18n.md): every word from a catalogue, none left in the code,
// and axe still finds nothing with words some 40 % longer. The team is set up in English first.
test("the teams' pages speak only the catalogues' words", async ({ page, browser, baseURL }) => {
  // Four pages, each checked by axe in both colour modes, like the accessibility journeys.
  test.setTimeout(90_000);
  const owner = await openDashboardAs(page);
  const otherContext = await browser.newContext();
  const other = await loginInContext(otherContext);
  const name = teamName();
  const teamId = await teamInDatabase(name, owner.userId, [other.userId]);
  // Another team invites the owner, so that their teams page has an invitation for them.
  const otherTeam = teamName();
  const otherTeamId = await teamInDatabase(otherTeam, other.userId);
  const otherPage = await otherContext.newPage();
  await otherPage.goto(`/dashboard/teams/${encodeURIComponent(otherTeamId)}`);
  await waitForHydration(otherPage);
  await invite(otherPage, owner.email);
  await otherContext.close();
  // A waiting invitation of the owner's team, and its link for a guest.
  await page.goto(`/dashboard/teams/${encodeURIComponent(teamId)}`);
  await waitForHydration(page);
  const invitee = newAddress();
  await invite(page, invitee, "admin");
  const link = await invitationLink(invitee, name);

  await choosePseudoLocale(page.context(), baseURL ?? "");
  // The people's own names and the teams' are theirs, not the catalogues'.
  const names = [APP_NAME, owner.name, other.name, name, otherTeam];
  await page.goto("/dashboard/teams");
  await expect(page.getByRole("heading", { level: 1, name: pseudo("Teams") })).toBeVisible();
  await expectPseudoLocalized(page, "the teams page", names);
  await page.goto(`/dashboard/teams/${encodeURIComponent(teamId)}`);
  await expect(page.getByRole("button", { name: new RegExp(pseudo("Make owner")) })).toBeVisible();
  await expectPseudoLocalized(page, "a team's page, as its owner", names);
  const accountMenu = page.getByRole("button", { name: new RegExp(`^⟦${pseudoText("Account menu for ")}`) });
  await waitForElementHydration(accountMenu);
  await accountMenu.click();
  await expect(page.getByRole("menuitemradio", { name })).toBeVisible();
  await expectPseudoLocalized(page, "the account menu's team switcher", names);

  const guestContext = await browser.newContext();
  await choosePseudoLocale(guestContext, baseURL ?? "");
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expectPseudoLocalized(guest, "an invitation, to a guest", names);
  await guestContext.close();
});
