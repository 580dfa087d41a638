import { type BrowserContext, expect } from "@playwright/test";
import { fillAccountForm, newAccount, sameOrigin } from "../../../tests/fixtures/accounts";
import { countRows, queryAll } from "../../../tests/fixtures/database";
import { mailsTo, waitForMail } from "../../../tests/fixtures/mailbox";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { openDashboardAs, test } from "../../../tests/fixtures/signed-in";
import {
  createTeam,
  invitationLink,
  invitationSubject,
  invite,
  newAddress,
  postTeamForm,
  teamName,
  teamWithMember,
} from "./test-fixtures";

// Journeys of two or three browsers, each through the mailed link: about 15 s on a quiet
// machine, twice that while the machine runs other suites.
test.describe.configure({ timeout: 90_000 });

test("an owner creates a team and invites; the invitee accepts from the mailed link, and switches teams from the menu", async ({
  page,
  browser,
  login,
}) => {
  const owner = await openDashboardAs(page);
  const name = teamName("Acme");
  const teamId = await createTeam(page, name);
  await expect(page.getByRole("list", { name: "Members" })).toContainText(owner.email);

  const bobContext = await browser.newContext();
  const bob = await login(newAccount("Bob Builder"), { context: bobContext });
  await invite(page, bob.email, "admin");
  const mail = await invitationLink(bob.email, name);
  const sent = (await mailsTo(bob.email)).find((received) => invitationSubject(name).test(received.subject));
  // The mail names the team and nothing else the inviter typed: not their name.
  expect(sent?.text).toContain(`“${name}”`);
  expect(sent?.text).not.toContain(owner.name);

  const bobPage = await bobContext.newPage();
  await bobPage.goto(mail);
  await expect(bobPage.getByRole("heading", { name: `Join “${name}” as admin?` })).toBeVisible();
  await bobPage.getByRole("button", { name: "Accept and join" }).click();
  await bobPage.waitForURL(`**/dashboard/teams/${teamId}`);
  await expect(bobPage.getByRole("list", { name: "Members" })).toContainText(owner.email);
  await expect(bobPage.getByRole("main").getByText("Active", { exact: true })).toBeVisible();
  // Single use: the link no longer works.
  await bobPage.goto(mail);
  await expect(bobPage.getByRole("heading", { name: "This link no longer works" })).toBeVisible();

  // Bob's second team, then back to Acme from the header's menu; a reload keeps the choice.
  const other = teamName("Other");
  await createTeam(bobPage, other);
  await bobPage.goto("/dashboard/teams");
  await waitForHydration(bobPage);
  const activeRow = () =>
    bobPage
      .getByRole("list", { name: "Your teams" })
      .getByRole("listitem")
      .filter({ has: bobPage.getByText("Active", { exact: true }) });
  await expect(activeRow()).toContainText(other);
  await bobPage.getByRole("button", { name: /Account menu/ }).click();
  await bobPage.getByRole("menuitemradio", { name }).click();
  await expect(activeRow()).toContainText(name);
  await bobPage.reload();
  await expect(activeRow()).toContainText(name);
  await bobPage.getByRole("button", { name: /Account menu/ }).click();
  await expect(bobPage.getByRole("menuitemradio", { name })).toHaveAttribute("aria-checked", "true");

  // The owner's page lists Bob as admin; both logs say what happened.
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: bob.email }),
  ).toContainText("Admin");
  await page.goto("/dashboard");
  const ownerLog = page.getByRole("list", { name: "Recent activity" });
  await expect(ownerLog).toContainText(`Team created: ${name}`);
  await expect(ownerLog).toContainText(`Invitation sent: ${bob.email} to ${name} as admin`);
  await expect(ownerLog).toContainText(`Your invitation was accepted: ${bob.email} joined ${name}`);
  await bobPage.goto("/dashboard");
  const bobLog = bobPage.getByRole("list", { name: "Recent activity" });
  await expect(bobLog).toContainText(`Invited to a team: ${name} as admin`);
  await expect(bobLog).toContainText(`Joined a team: ${name}`);
  await bobContext.close();
});

test("another account cannot accept someone else's invitation: it sees that it is not for it, and nothing is used up", async ({
  page,
  browser,
  login,
}) => {
  await openDashboardAs(page);
  const name = teamName();
  const teamId = await createTeam(page, name);
  const invitee = newAddress();
  await invite(page, invitee);
  const link = await invitationLink(invitee, name);

  const strangerContext = await browser.newContext();
  const stranger = await login(undefined, { context: strangerContext });
  const strangerPage = await strangerContext.newPage();
  const opened = await strangerPage.goto(link);
  expect(opened?.status()).toBe(403);
  await expect(strangerPage.getByRole("heading", { name: "This invitation is not for you" })).toBeVisible();
  // It learns nothing: not the team, not the role.
  await expect(strangerPage.getByRole("main")).not.toContainText(name);
  // Its forged post with the token is refused too, and joins nothing.
  const token = new URL(link).searchParams.get("token") ?? "";
  const forged = await strangerContext.request.post("/team-invitation", {
    headers: sameOrigin,
    form: { token, answer: "accept" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await countRows("member", "userId", stranger.userId)).toBe(0);
  // And the invitation it could not take is on its teams page neither.
  await strangerPage.goto("/dashboard/teams");
  await expect(strangerPage.getByRole("main")).not.toContainText(name);
  await strangerContext.close();

  // The invitee has no account: from the link, they create one with the invited address
  // (email first), land on their teams page, and find the invitation waiting.
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole("heading", { name: `Join “${name}” as member?` })).toBeVisible();
  await inviteePage.getByRole("link", { name: "Create an account" }).click();
  await fillAccountForm(inviteePage, { ...newAccount("Ivy Invitee"), email: invitee });
  await inviteePage.waitForURL("**/dashboard/teams");
  await waitForHydration(inviteePage);
  await inviteePage.getByRole("button", { name: `Accept: ${name}` }).click();
  await inviteePage.waitForURL(`**/dashboard/teams/${teamId}`);
  // The mailed link was not needed, and no longer works now the invitation is answered.
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await inviteeContext.close();
});

test("a member's forged invite, remove and role posts answer 403 and change nothing; an admin cannot touch an owner", async ({
  page,
  browser,
  login,
}) => {
  const owner = await openDashboardAs(page);
  const name = teamName();
  const teamId = await createTeam(page, name);
  const memberContext = await browser.newContext();
  const member = await login(undefined, { context: memberContext });
  const adminContext = await browser.newContext();
  const admin = await login(undefined, { context: adminContext });
  await invite(page, member.email, "member");
  await invite(page, admin.email, "admin");
  for (const [context, email] of [
    [memberContext, member.email],
    [adminContext, admin.email],
  ] as const) {
    const invited = await context.newPage();
    await invited.goto(await invitationLink(email, name));
    await invited.getByRole("button", { name: "Accept and join" }).click();
    await invited.waitForURL(`**/dashboard/teams/${teamId}`);
  }
  const memberIdOf = async (userId: string) =>
    String(
      (await queryAll([{ text: `SELECT id FROM "member" WHERE "userId" = ?`, params: [userId] }]))[0]?.rows[0]
        ?.id,
    );
  const ownerMemberId = await memberIdOf(owner.userId);
  const adminMemberId = await memberIdOf(admin.userId);

  // A member sees the team, but none of the forms that change it.
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`/dashboard/teams/${teamId}`);
  await expect(memberPage.getByRole("list", { name: "Members" })).toContainText(admin.email);
  await expect(memberPage.getByRole("form", { name: "Invite someone" })).toHaveCount(0);
  await expect(memberPage.getByRole("button", { name: /^Remove/ })).toHaveCount(0);

  const forgedAddress = newAddress();
  const forgeries: [BrowserContext, Record<string, string>][] = [
    [memberContext, { intent: "invite", email: forgedAddress, role: "admin" }],
    [memberContext, { intent: "remove-member", memberId: adminMemberId }],
    [memberContext, { intent: "change-role", memberId: adminMemberId, role: "member" }],
    [memberContext, { intent: "delete-team", confirm: name }],
    // An admin may not remove or demote the owner, nor make anyone owner.
    [adminContext, { intent: "remove-member", memberId: ownerMemberId }],
    [adminContext, { intent: "change-role", memberId: ownerMemberId, role: "member" }],
    [adminContext, { intent: "transfer-ownership", memberId: adminMemberId }],
  ];
  for (const [context, form] of forgeries) {
    expect(await postTeamForm(context.request, teamId, form), form.intent).toMatchObject({ status: 403 });
  }
  // Someone outside the team gets a 404 for any of it.
  const outsider = await browser.newContext();
  await login(undefined, { context: outsider });
  expect(
    await postTeamForm(outsider.request, teamId, { intent: "invite", email: forgedAddress, role: "member" }),
  ).toMatchObject({ status: 404 });
  expect((await outsider.request.get(`/dashboard/teams/${teamId}`)).status()).toBe(404);

  // Nothing changed.
  expect(await countRows("invitation", "email", forgedAddress)).toBe(0);
  expect(await countRows("member", "organizationId", teamId)).toBe(3);
  const roles = await queryAll([
    { text: `SELECT role FROM "member" WHERE "organizationId" = ? ORDER BY role`, params: [teamId] },
  ]);
  expect(roles[0]?.rows.map((row) => row.role)).toEqual(["admin", "member", "owner"]);
  expect(await mailsTo(forgedAddress)).toHaveLength(0);
  // better-auth's own organization endpoints are closed over HTTP.
  const door = await memberContext.request.post("/api/auth/organization/invite-member", {
    headers: sameOrigin,
    data: { email: forgedAddress, role: "admin", organizationId: teamId },
  });
  expect(door.status()).toBe(404);
  await Promise.all([memberContext.close(), adminContext.close(), outsider.close()]);
});

test("an admin removes a member, who loses the team at their next request; both logs say so", async ({
  page,
  browser,
  login,
}) => {
  const {
    name,
    teamId,
    member,
    memberPage,
    context: memberContext,
  } = await teamWithMember(page, browser, login);
  await page.getByRole("button", { name: `Remove: ${member.email}` }).click();
  await expect(page.getByRole("list", { name: "Members" })).not.toContainText(member.email);

  const again = await memberPage.goto(`/dashboard/teams/${teamId}`);
  expect(again?.status()).toBe(404);
  await memberPage.goto("/dashboard");
  await expect(memberPage.getByRole("list", { name: "Recent activity" })).toContainText(
    `Removed from a team: ${name}`,
  );
  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText(
    `Member removed: ${member.email} from ${name}`,
  );
  await memberContext.close();
});

test("a revoked invitation's link stops working; one sent again voids the link mailed before", async ({
  page,
  browser,
}) => {
  await openDashboardAs(page);
  const name = teamName();
  await createTeam(page, name);
  const first = newAddress();
  await invite(page, first);
  const firstLink = await invitationLink(first, name);
  await page.getByRole("button", { name: `Send again: ${first}` }).click();
  const secondLink = await invitationLink(first, name, 2);
  expect(secondLink).not.toBe(firstLink);

  const guest = await (await browser.newContext()).newPage();
  expect((await guest.goto(firstLink))?.status()).toBe(400);
  await expect(guest.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  expect((await guest.goto(secondLink))?.status()).toBe(200);

  await page.getByRole("button", { name: `Revoke: ${first}` }).click();
  await expect(page.getByRole("list", { name: "Waiting invitations" })).toHaveCount(0);
  expect((await guest.goto(secondLink))?.status()).toBe(400);
  await expect(guest.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText(
    `Invitation revoked: ${first} to ${name}`,
  );
  await guest.context().close();
});

test("at most 5 invitations a day reach one address, and 20 an hour leave one team: then 429 with Retry-After", async ({
  page,
}) => {
  await openDashboardAs(page);
  const teamId = await createTeam(page, teamName());
  const request = page.context().request;
  const address = newAddress();
  expect(
    await postTeamForm(request, teamId, { intent: "invite", email: address, role: "member" }),
  ).toMatchObject({ status: 200 });
  const invitationId = String(
    (await queryAll([{ text: `SELECT id FROM "invitation" WHERE email = ?`, params: [address] }]))[0]?.rows[0]
      ?.id,
  );
  for (let sent = 2; sent <= 5; sent++) {
    expect(await postTeamForm(request, teamId, { intent: "resend-invitation", invitationId })).toMatchObject({
      status: 200,
    });
  }
  const sixth = await postTeamForm(request, teamId, { intent: "resend-invitation", invitationId });
  expect(sixth.status).toBe(429);
  expect(Number(sixth.retryAfter)).toBeGreaterThan(0);
  await waitForMail(address, /You are invited to join/, 5);

  // 14 more to fresh addresses make 20 from this team this hour; the 21st is refused.
  for (let sent = 7; sent <= 20; sent++) {
    expect(
      await postTeamForm(request, teamId, { intent: "invite", email: newAddress(), role: "member" }),
    ).toMatchObject({ status: 200 });
  }
  const refusedAddress = newAddress();
  const over = await postTeamForm(request, teamId, {
    intent: "invite",
    email: refusedAddress,
    role: "member",
  });
  expect(over.status).toBe(429);
  expect(Number(over.retryAfter)).toBeGreaterThan(0);
  expect(await countRows("invitation", "email", refusedAddress)).toBe(0);
});

test("a team name that reads as a web address is refused on the form, with the reason on the field", async ({
  page,
}) => {
  await openDashboardAs(page);
  await page.goto("/dashboard/teams");
  await waitForHydration(page);
  const name = page.getByLabel("Team name");
  const refusals: [string, string][] = [
    ["paypal.com.evil.example", "Leave out dots between letters: a name must not read as a web address."],
    ["Acme \u202eelgoog", "Use letters, not control or formatting characters."],
  ];
  for (const [typed, reason] of refusals) {
    await name.fill(typed);
    await page.getByRole("button", { name: "Create team" }).click();
    await expect(page.getByText(reason)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/teams$/);
  }
  await expect(page.getByRole("list", { name: "Your teams" })).toHaveCount(0);
});

test("the team page names who sent each invitation; a removed admin's invitation stops working", async ({
  page,
  browser,
  login,
}) => {
  const {
    name,
    teamId,
    member: admin,
    memberPage: adminPage,
    context,
  } = await teamWithMember(page, browser, login, "admin");
  const invitee = newAddress();
  await adminPage.goto(`/dashboard/teams/${teamId}`);
  await waitForHydration(adminPage);
  await invite(adminPage, invitee, "admin");
  const link = await invitationLink(invitee, name);

  await page.reload();
  const waiting = page.getByRole("list", { name: "Waiting invitations" }).getByRole("listitem");
  await expect(waiting.filter({ hasText: invitee })).toContainText(`Sent by ${admin.name} (${admin.email})`);

  await page.getByRole("button", { name: `Remove: ${admin.email}` }).click();
  await expect(page.getByRole("list", { name: "Members" })).not.toContainText(admin.email);
  await expect(page.getByRole("list", { name: "Waiting invitations" })).toHaveCount(0);
  const guest = await (await browser.newContext()).newPage();
  expect((await guest.goto(link))?.status()).toBe(400);
  await expect(guest.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await Promise.all([guest.context().close(), context.close()]);
});
