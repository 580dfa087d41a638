/**
 * An invitation to a suspended account's address (the admin console's
 * suspension, marked in the database): its page answers the suspension's
 * message to whoever opens it, and the invitation waits, unused. Needs the
 * admin feature listed (its columns).
 */
import { expect } from "@playwright/test";
import { ACCOUNT_REFUSED_MESSAGE } from "~/lib/constants";
import { newAccount } from "../../../tests/fixtures/accounts";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { createSignedInAccount, test } from "../../../tests/fixtures/signed-in";
import { suspendInDatabase } from "../admin/e2e-suspension";
import { teamPath } from "./constants";
import { invitationLink, invite, teamInDatabase, teamName } from "./test-fixtures";

test("while suspended, the invitation to the account's address answers the message and waits", async ({
  browser,
  login,
  page,
}) => {
  const owner = await login(newAccount("Olivia Owner"));
  const person = await createSignedInAccount(newAccount());
  const team = teamName();
  await page.goto(teamPath(await teamInDatabase(team, owner.userId)));
  await waitForHydration(page);
  await invite(page, person.email);
  const link = await invitationLink(person.email, team);
  await suspendInDatabase(person.userId);

  const guest = await (await browser.newContext()).newPage();
  const opened = await guest.goto(link);
  expect(opened?.status()).toBe(403);
  await expect(guest.getByRole("alert").filter({ hasText: ACCOUNT_REFUSED_MESSAGE })).toHaveText(
    ACCOUNT_REFUSED_MESSAGE,
  );
  await expect(guest.getByText(`Join “${team}”`)).toHaveCount(0);
});
