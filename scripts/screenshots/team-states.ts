/** Teams' pages, driven in the browser: a team, a member who joined, an invitation, ownership. */
import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { newAccount, signUp } from "./accounts.ts";
import { linkTo } from "./outbox.ts";

/** Teams' pages, in the order `teamStates` reaches them. */
export const TEAM_STATES = [
  "teams-empty",
  "team-owner",
  "teams",
  "projects",
  "team-member",
  "team-invitation",
  "team-take-back",
] as const;
type TeamState = (typeof TEAM_STATES)[number];

/**
 * Teams, from a new account in `page`'s browser: no team yet, then its
 * own team's page (a member who accepted, an invitation waiting), the
 * teams list, its projects (one archived), the member's view from a browser of `another`, the
 * mailed invitation's page to a guest, and, once the owner has made the
 * member owner, the page of the link that takes ownership back.
 */
export async function teamStates(
  page: Page,
  another: () => Promise<BrowserContext>,
  shoot: (page: Page, state: TeamState) => Promise<void>,
) {
  const owner = newAccount();
  await signUp(page.request, owner);
  await page.goto("/dashboard/teams");
  await shoot(page, "teams-empty");
  await page.getByLabel("Team name").fill("Analytical Engines");
  await page.getByRole("button", { name: "Create team" }).click();
  await page.waitForURL(/\/dashboard\/teams\/.+/);
  const teamPage = page.url();
  const member = await another();
  const memberAccount = { ...newAccount(), name: "Charles Babbage" };
  await signUp(member.request, memberAccount);
  const invite = async (email: string, role: string) => {
    const form = page.getByRole("form", { name: "Invite someone" });
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel("Role").selectOption(role);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("list", { name: "Waiting invitations" }).getByText(email).waitFor();
  };
  await invite(memberAccount.email, "admin");
  const accept = await linkTo(memberAccount.email, "/team-invitation");
  const memberPage = await member.newPage();
  if (accept) {
    await memberPage.goto(accept);
    await memberPage.getByRole("button", { name: "Accept and join" }).click();
    await memberPage.waitForURL(/\/dashboard\/teams\/.+/);
  }
  const guestAddress = `mary.somerville+${randomUUID().slice(0, 8)}@example.com`;
  await invite(guestAddress, "member");
  await page.goto(teamPage);
  await shoot(page, "team-owner");
  await page.goto("/dashboard/teams");
  await shoot(page, "teams");
  await page.goto("/dashboard/projects");
  for (const name of ["Difference Engine", "Analytical Engine", "Notes on the Engine"]) {
    await page.getByLabel("Project name").fill(name);
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByText(name, { exact: true }).first().waitFor();
  }
  await page.getByRole("button", { name: "Archive: Difference Engine" }).click();
  await page.getByRole("button", { name: "Restore: Difference Engine" }).waitFor();
  await page.goto("/dashboard/projects"); // without the toasts
  await page.evaluate(() => window.scrollTo(0, 0)); // the page restores where the forms left it
  await shoot(page, "projects");
  await memberPage.reload();
  await shoot(memberPage, "team-member");
  await member.close();
  const link = await linkTo(guestAddress, "/team-invitation");
  const guest = await another();
  const guestPage = await guest.newPage();
  if (link) await guestPage.goto(link);
  await shoot(guestPage, "team-invitation");
  await guest.close();
  await page.goto(teamPage);
  await page.getByRole("button", { name: `Make owner: ${memberAccount.email}` }).click();
  const takeBack = await linkTo(owner.email, "/team-ownership");
  if (takeBack) await page.goto(takeBack);
  await shoot(page, "team-take-back");
}
