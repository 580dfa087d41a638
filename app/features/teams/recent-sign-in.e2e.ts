import { expect } from "@playwright/test";
import { signInWithForm } from "../../../tests/fixtures/accounts";
import { countRows, queryAll, signedInMinutesAgo } from "../../../tests/fixtures/database";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { test } from "../../../tests/fixtures/signed-in";
import { newAddress, postTeamForm, teamWithMember } from "./test-fixtures";

// Two browsers, through the mailed invitation: about 15 s on a quiet machine, twice that on a busy one.
test.describe.configure({ timeout: 90_000 });

test("a session signed in ten minutes ago cannot hand a team over, change who is in it, or delete it; after signing in again it can", async ({
  page,
  browser,
  login,
}) => {
  const { owner, teamId, member, context } = await teamWithMember(page, browser, login);
  const [found] = await queryAll([
    {
      text: 'SELECT "id" FROM "member" WHERE "organizationId" = ? AND "userId" = ?',
      params: [teamId, member.userId],
    },
  ]);
  const memberId = String(found?.rows[0]?.id);
  await signedInMinutesAgo(owner.email, 10);

  // Every form that gives, takes or moves access, or deletes, as a stale session posts it: 403, nothing changes.
  const request = page.context().request;
  const forms: Record<string, string>[] = [
    { intent: "transfer-ownership", memberId },
    { intent: "change-role", memberId, role: "admin" },
    { intent: "remove-member", memberId },
    { intent: "invite", email: newAddress(), role: "admin" },
    { intent: "delete-team", confirm: "anything" },
    { intent: "leave-team" },
  ];
  for (const form of forms) {
    expect({ form: form.intent, status: (await postTeamForm(request, teamId, form)).status }).toEqual({
      form: form.intent,
      status: 403,
    });
  }
  expect(await countRows("member", "organizationId", teamId)).toBe(2);
  // The member's own invitation, accepted, and no other.
  expect(await countRows("invitation", "organizationId", teamId)).toBe(1);
  expect(await countRows("organization", "id", teamId)).toBe(1);

  // On the page: the same answer as an email change, with the way to a fresh sign-in, back to this page.
  await page.getByRole("button", { name: `Make owner: ${member.email}` }).click();
  const row = page
    .getByRole("list", { name: "Members" })
    .getByRole("listitem")
    .filter({ hasText: member.email });
  await expect(row.getByRole("alert")).toContainText("this needs a sign-in from the last 5 minutes");
  await expect(row).not.toContainText("Owner");
  await row.getByRole("button", { name: "Sign in again" }).click();
  await page.waitForURL(`**/login?redirect=/dashboard/teams/${teamId}`);
  await signInWithForm(page, owner);
  await page.waitForURL(`**/dashboard/teams/${teamId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Make owner: ${member.email}` }).click();
  await expect(row).toContainText("Owner");
  await context.close();
});
