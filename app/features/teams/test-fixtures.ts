/** What the teams' end-to-end journeys share: making a team, inviting, the invitation's mail and link. */
import { randomUUID } from "node:crypto";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from "@playwright/test";
import { sameOrigin } from "../../../tests/fixtures/accounts";
import { APP_NAME, exactly } from "../../../tests/fixtures/app-name";
import { queryAll } from "../../../tests/fixtures/database";
import { linkIn, waitForMail } from "../../../tests/fixtures/mailbox";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { openDashboardAs, type SignedInAccount } from "../../../tests/fixtures/signed-in";
import { randomLetters } from "./test-names";

export const invitationSubject = (team: string) =>
  exactly(`You are invited to join “${team}” on ${APP_NAME}`);

export const teamName = (prefix = "Team") => `${prefix} ${randomLetters()}`;
export const newAddress = () => `invitee.${randomUUID().slice(0, 8)}@example.com`;

/** Creates a team from the teams page; resolves to its id once its page is open. */
export async function createTeam(page: Page, name: string): Promise<string> {
  await page.goto("/dashboard/teams");
  await waitForHydration(page);
  await page.getByLabel("Team name").fill(name);
  await page.getByRole("button", { name: "Create team" }).click();
  await page.waitForURL(/\/dashboard\/teams\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await waitForHydration(page);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
}

/**
 * A team made straight in the e2e server's database, owned by `ownerId`
 * (with `members` as members): for journeys that are not about making one.
 * Teams made through the page count against the suite's one client IP
 * (20 an hour, `TEAMS_PER_IP`), which the teams' own journeys need.
 */
export async function teamInDatabase(name: string, ownerId: string, members: string[] = []): Promise<string> {
  const teamId = randomUUID();
  const now = new Date().toISOString();
  await queryAll([
    {
      text: `INSERT INTO "organization" ("id", "name", "slug", "createdAt") VALUES (?, ?, ?, ?)`,
      params: [teamId, name, `team-${teamId}`, now],
    },
    ...[ownerId, ...members].map((userId, index) => ({
      text: `INSERT INTO "member" ("id", "organizationId", "userId", "role", "createdAt") VALUES (?, ?, ?, ?, ?)`,
      params: [randomUUID(), teamId, userId, index === 0 ? "owner" : "member", now],
    })),
  ]);
  return teamId;
}

/** Invites `email` from the team's open page, and waits for the answer. */
export async function invite(page: Page, email: string, role: "admin" | "member" = "member") {
  const form = page.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Waiting invitations" })).toContainText(email);
}

/** The invitation link mailed to `email` for `team` (the `nth` such mail). */
export async function invitationLink(email: string, team: string, nth = 1): Promise<string> {
  return linkIn(await waitForMail(email, invitationSubject(team), nth), "/team-invitation");
}

/** A team form posted by `request` (a signed-in browser's), as a forger would: the answer's status. */
export async function postTeamForm(
  request: APIRequestContext,
  teamId: string,
  form: Record<string, string>,
): Promise<{ status: number; retryAfter: string | undefined }> {
  const response = await request.post(`/dashboard/teams/${teamId}`, {
    headers: sameOrigin,
    form: { teamId, ...form },
    maxRedirects: 0,
  });
  return { status: response.status(), retryAfter: response.headers()["retry-after"] };
}

/** The `login` fixture of tests/fixtures/signed-in.ts. */
type Login = (account?: undefined, browser?: { context: BrowserContext }) => Promise<SignedInAccount>;

/**
 * A team owned by `page`'s person with one more member (as `role`), who
 * accepted through their own browser. The team itself is made in the
 * database (`teamInDatabase`): making one through the page is its own
 * journey, and each counts against the suite's one client IP.
 */
export async function teamWithMember(
  page: Page,
  browser: Browser,
  login: Login,
  role: "admin" | "member" = "member",
) {
  const owner = await openDashboardAs(page);
  const name = teamName();
  const teamId = await teamInDatabase(name, owner.userId);
  await page.goto(`/dashboard/teams/${encodeURIComponent(teamId)}`);
  await waitForHydration(page);
  const context = await browser.newContext();
  const member = await login(undefined, { context });
  await invite(page, member.email, role);
  const memberPage = await context.newPage();
  await memberPage.goto(await invitationLink(member.email, name));
  await memberPage.getByRole("button", { name: "Accept and join" }).click();
  await memberPage.waitForURL(`**/dashboard/teams/${teamId}`);
  await page.reload();
  await waitForHydration(page);
  return { owner, name, teamId, member, memberPage, context };
}
