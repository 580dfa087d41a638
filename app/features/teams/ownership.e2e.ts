import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { APP_NAME, exactly } from "../../../tests/fixtures/app-name";
import { countRows } from "../../../tests/fixtures/database";
import { linkIn, waitForMail } from "../../../tests/fixtures/mailbox";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { loginInContext, openDashboardAs, test } from "../../../tests/fixtures/signed-in";
import { createTeam, invite, newAddress, postTeamForm, teamName, teamWithMember } from "./test-fixtures";

// Journeys of two or three browsers, each through the mailed link: about 15 s on a quiet
// machine, twice that while the machine runs other suites.
test.describe.configure({ timeout: 90_000 });

test("the last owner cannot leave; after making someone else owner they can, and both owners are mailed", async ({
  page,
  browser,
  login,
}) => {
  const { owner, name, teamId, member, memberPage, context } = await teamWithMember(page, browser, login);
  await expect(
    page.getByText("You are its only owner: make another member owner first, or delete the team."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: `Leave “${name}”` })).toHaveCount(0);
  const forced = await postTeamForm(page.context().request, teamId, { intent: "leave-team" });
  expect(forced.status).toBe(409);
  expect(await countRows("member", "organizationId", teamId)).toBe(2);

  await page.getByRole("button", { name: `Make owner: ${member.email}` }).click();
  await expect(
    page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: member.email }),
  ).toContainText("Owner");
  const moved = exactly(`Ownership of “${name}” moved on ${APP_NAME}`);
  for (const address of [owner.email, member.email]) {
    expect((await waitForMail(address, moved)).text).toContain(`${member.email} is now an owner`);
  }
  await page.getByRole("button", { name: `Leave “${name}”` }).click();
  await page.waitForURL("**/dashboard/teams");
  await expect(page.getByRole("main")).not.toContainText(name);

  await page.goto("/dashboard");
  const log = page.getByRole("list", { name: "Recent activity" });
  await expect(log).toContainText(`Ownership handed over: ${name} to ${member.email}`);
  await expect(log).toContainText(`Left a team: ${name}`);
  await memberPage.goto("/dashboard");
  await expect(memberPage.getByRole("list", { name: "Recent activity" })).toContainText(
    `You now own a team: ${name}`,
  );
  await context.close();
});

test("the previous owner takes ownership back with the link in their mail, once; the new owner cannot", async ({
  page,
  browser,
  login,
}) => {
  const { owner, name, teamId, member, memberPage, context } = await teamWithMember(page, browser, login);
  await page.getByRole("button", { name: `Make owner: ${member.email}` }).click();
  const row = (email: string) =>
    page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: email });
  await expect(row(member.email)).toContainText("Owner");
  const moved = exactly(`Ownership of “${name}” moved on ${APP_NAME}`);
  const link = linkIn(await waitForMail(owner.email, moved), "/team-ownership");

  // The new owner, signed in, is refused and uses nothing up.
  expect((await memberPage.goto(link))?.status()).toBe(403);
  await expect(memberPage.getByRole("heading", { name: "This link is not for you" })).toBeVisible();

  expect((await page.goto(link))?.status()).toBe(200);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Take ownership back" }).click();
  await page.waitForURL(`**/dashboard/teams/${teamId}`);
  await expect(row(owner.email)).toContainText("Owner");
  await expect(row(member.email)).toContainText("Member");
  const takenBack = exactly(`Ownership of “${name}” was taken back on ${APP_NAME}`);
  for (const address of [owner.email, member.email]) await waitForMail(address, takenBack);

  expect((await page.goto(link))?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText(
    `Ownership taken back: ${name}`,
  );
  await context.close();
});

test("deleting one's account as a team's only owner is refused while others are in it; a team of one goes with the account", async ({
  page,
  browser,
  login,
}) => {
  const { owner, name, teamId, member, context } = await teamWithMember(page, browser, login);
  const solo = teamName("Solo");
  const soloId = await createTeam(page, solo);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await page.getByRole("button", { name: "Delete account…" }).click();
  await dialog.getByLabel("Your password").fill(owner.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(
    dialog.getByText(`You are the only owner of “${name}”, which has other members.`),
  ).toBeVisible();
  expect(await countRows("user", "id", owner.userId)).toBe(1);

  // Once the member owns the team, the account goes, with the team only it was in.
  await page.goto(`/dashboard/teams/${teamId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Make owner: ${member.email}` }).click();
  await expect(
    page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: member.email }),
  ).toContainText("Owner");
  await page.goto("/dashboard");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Delete account…" }).click();
  await dialog.getByLabel("Your password").fill(owner.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/");
  expect(await countRows("organization", "id", soloId)).toBe(0);
  expect(await countRows("organization", "id", teamId)).toBe(1);
  expect(await countRows("member", "organizationId", teamId)).toBe(1);
  await context.close();
});

test("an owner deletes a team: its members lose it and read why, and its owners are mailed", async ({
  page,
  browser,
  login,
}) => {
  const { owner, name, teamId, memberPage, context } = await teamWithMember(page, browser, login);
  const form = page.getByRole("form", { name: "Delete the team" });
  await form.getByLabel(`Type “${name}” to confirm`).fill("not the name");
  await form.getByRole("button", { name: "Delete team" }).click();
  await expect(form.getByText("Type the team's name exactly.")).toBeVisible();
  await form.getByLabel(`Type “${name}” to confirm`).fill(name);
  await form.getByRole("button", { name: "Delete team" }).click();
  await page.waitForURL("**/dashboard/teams");
  expect(await countRows("organization", "id", teamId)).toBe(0);
  await waitForMail(owner.email, exactly(`The team “${name}” was deleted on ${APP_NAME}`));
  expect((await memberPage.goto(`/dashboard/teams/${teamId}`))?.status()).toBe(404);
  await memberPage.goto("/dashboard");
  await expect(memberPage.getByRole("list", { name: "Recent activity" })).toContainText(
    `A team you were in was deleted: ${name}`,
  );
  await context.close();
});

test("Download my data lists the person's memberships and the invitations they sent", async ({ page }) => {
  await openDashboardAs(page);
  const name = teamName();
  await createTeam(page, name);
  const invitee = newAddress();
  await invite(page, invitee, "admin");
  await page.goto("/dashboard");
  await waitForHydration(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = JSON.parse(await readFile(await (await downloading).path(), "utf8"));
  expect(file.teams.teams).toEqual([
    expect.objectContaining({ name, role: "owner", members: 1, active: true }),
  ]);
  expect(file.teams.invitationsSent).toEqual([
    expect.objectContaining({ team: name, email: invitee, role: "admin", status: "pending" }),
  ]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a team is created, someone invited and the team switched with plain form posts", async ({ page }) => {
    await loginInContext(page.context());
    const name = teamName("Plain");
    await page.goto("/dashboard/teams");
    await page.getByLabel("Team name").fill(name);
    await page.getByRole("button", { name: "Create team" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const invitee = newAddress();
    const form = page.getByRole("form", { name: "Invite someone" });
    await form.getByLabel("Email address").fill(invitee);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
    await waitForMail(invitee, /You are invited to join/);
    const second = teamName("Second");
    await page.goto("/dashboard/teams");
    await page.getByLabel("Team name").fill(second);
    await page.getByRole("button", { name: "Create team" }).click();
    await page.goto("/dashboard/teams");
    await page.getByRole("button", { name: `Make active: ${name}` }).click();
    await expect(page.getByText(`“${name}” is your active team.`)).toBeVisible();
    await page.goto("/dashboard/teams");
    await expect(
      page
        .getByRole("list", { name: "Your teams" })
        .getByRole("listitem")
        .filter({ has: page.getByText("Active", { exact: true }) }),
    ).toContainText(name);
  });
});
