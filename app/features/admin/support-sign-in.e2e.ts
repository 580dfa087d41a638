import { randomUUID } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expectNoViolations } from "../../../tests/fixtures/accessibility";
import { newAccount, sameOrigin } from "../../../tests/fixtures/accounts";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { expireSession, queryAll } from "../../../tests/fixtures/database";
import { mailsTo, waitForMail } from "../../../tests/fixtures/mailbox";
import { waitForElementHydration, waitForHydration } from "../../../tests/fixtures/page-state";
import { createSignedInAccount, expect, type SignedInAccount, test } from "../../../tests/fixtures/signed-in";
import { addStrangersWaysIn } from "../passkeys/e2e-fixtures";
import { adminAccountPath, SUPPORT_STOP_PATH } from "./constants";
import { createAdministrator, signInContext } from "./e2e-fixtures";

// Needs features: data-export, email-change, sign-in-providers, teams, two-factor.
// (It posts every feature's forms as the person: split it by feature to keep its core part without them.)

const REASON = "Ticket 42: cannot see the invoices";
const SUPPORT_MAIL = new RegExp(`^An administrator signed in to your ${APP_NAME} account$`);

/** Who `request`'s browser is signed in as now (the session API), or null. */
async function signedInEmail(request: APIRequestContext): Promise<string | null> {
  const session = (await (await request.get("/api/_auth/session")).json()) as { user?: { email: string } };
  return session.user?.email ?? null;
}

/** The banner of a support sign-in. */
const bannerOf = (page: Page) => page.getByRole("region", { name: "Support sign-in" });

/** The account page's "Sign in as …", filled in and sent as the administrator does. */
async function signInAsFromConsole(page: Page, person: SignedInAccount) {
  await page.goto(adminAccountPath(person.userId));
  await waitForHydration(page);
  const form = page.getByRole("form", { name: `Sign in as ${person.name}` });
  await form.getByLabel("Reason").fill(REASON);
  await form.getByRole("button", { name: `Sign in as ${person.name}` }).click();
  await page.waitForURL("**/dashboard");
}

/** The same form, posted without a page (a browser without JavaScript sends exactly this). */
async function postSupportSignIn(context: BrowserContext, userId: string) {
  return context.request.post(adminAccountPath(userId), {
    headers: sameOrigin,
    form: { intent: "support-sign-in", userId, reason: REASON },
    maxRedirects: 0,
  });
}

/** An administrator signed in as a new person (`name`) for support in `page`'s browser, through the form's post. */
async function supporting(page: Page, name: string) {
  const admin = await createAdministrator();
  const person = await createSignedInAccount(newAccount(name));
  await signInContext(page.context(), admin);
  expect((await postSupportSignIn(page.context(), person.userId)).status()).toBe(302);
  return { admin, person };
}

/**
 * The next page is the administrator's own dashboard: no banner, no support
 * session left; with `ended`, the trail about that person is the start and that end.
 */
async function expectAdministratorBack(
  page: Page,
  admin: SignedInAccount,
  ended?: { person: SignedInAccount; by: string },
) {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(admin.name.split(" ")[0] ?? "");
  await expect(bannerOf(page)).toHaveCount(0);
  expect(await signedInEmail(page.context().request)).toBe(admin.email);
  expect(await supportSessionsOf(admin.userId)).toEqual([]);
  if (!ended) return;
  const actions = (await trailAbout(ended.person.userId)).map((entry) => entry.action);
  expect(actions).toEqual(["support-sign-in-start", ended.by]);
}

/** The trail's entries about `userId`, oldest first. */
async function trailAbout(userId: string) {
  const [result] = await queryAll([
    {
      text: `SELECT "action", "adminId", "targetId", "reason", "detail" FROM "admin_audit" WHERE "targetId" = ? ORDER BY "at", "action"`,
      params: [userId],
    },
  ]);
  return result?.rows ?? [];
}

/** The support sessions `adminId` holds. */
async function supportSessionsOf(adminId: string) {
  const [result] = await queryAll([
    { text: `SELECT "token" FROM "session" WHERE "impersonatedBy" = ?`, params: [adminId] },
  ]);
  return (result?.rows ?? []).map((row) => String(row.token));
}

test("an administrator signs in as a person from the account page: a banner names them on every page, Stop gives the administrator back on the person's console page", async ({
  page,
}) => {
  const admin = await createAdministrator();
  const person = await createSignedInAccount(newAccount("Ada Person"));
  await signInContext(page.context(), admin);
  await signInAsFromConsole(page, person);

  const banner = bannerOf(page);
  await expect(banner.getByRole("status")).toContainText(`You are signed in as ${person.name}`);
  await expect(banner).toContainText(person.email);
  expect(await signedInEmail(page.context().request)).toBe(person.email);
  // Their own log says so, with the time: the dashboard is theirs.
  await expect(page.getByText("An administrator signed in to your account for support")).toBeVisible();
  // Error pages too: the console's 403, a path nobody claims.
  for (const path of ["/dashboard/teams", "/dashboard/two-factor", "/", "/admin", "/no-such-page"]) {
    await page.goto(path);
    await expect(bannerOf(page).getByRole("status")).toContainText(person.name);
  }

  // The person is told, without the administrator's address or the reason; no sign-in of theirs, no new-device notice.
  const mail = await waitForMail(person.email, SUPPORT_MAIL);
  expect(mail.text).toContain("for support on ");
  for (const part of [mail.text, mail.html]) {
    expect(part).not.toContain(admin.email);
    expect(part).not.toContain(REASON);
  }
  expect((await mailsTo(person.email)).map((each) => each.subject)).toEqual([mail.subject]);
  const [activity] = await queryAll([
    {
      text: `SELECT "kind" FROM "activity" WHERE "userId" = ? ORDER BY "createdAt"`,
      params: [person.userId],
    },
  ]);
  expect(activity?.rows.map((row) => row.kind)).toEqual(["sign-up", "admin-support-sign-in"]);

  await bannerOf(page).getByRole("button", { name: "Stop" }).click();
  await page.waitForURL(`**${adminAccountPath(person.userId)}`);
  await expect(page.getByRole("heading", { level: 1, name: person.name })).toBeVisible();
  await expect(bannerOf(page)).toHaveCount(0);
  expect(await signedInEmail(page.context().request)).toBe(admin.email);
  await expectAdministratorBack(page, admin);

  expect(await trailAbout(person.userId)).toEqual([
    {
      action: "support-sign-in-start",
      adminId: admin.userId,
      targetId: person.userId,
      reason: REASON,
      detail: expect.stringMatching(/^Until .+ UTC$/),
    },
    {
      action: "support-sign-in-stop",
      adminId: admin.userId,
      targetId: person.userId,
      reason: null,
      detail: null,
    },
  ]);
});

test("the card and the banner have no accessibility violations, in either colour mode", async ({ page }) => {
  // axe on two pages, each in both modes: about 20 s alone, half as much again beside another worker.
  test.setTimeout(90_000);
  const admin = await createAdministrator();
  const other = await createSignedInAccount(newAccount("Gil Access"));
  await signInContext(page.context(), admin);
  await page.goto(adminAccountPath(other.userId));
  await expectNoViolations(page, "the account page's support sign-in card");
  const { person } = await supporting(page, "Hal Access");
  await page.goto("/dashboard/teams");
  await expect(bannerOf(page).getByRole("status")).toContainText(person.name);
  await expectNoViolations(page, "a page under the support sign-in's banner");
});

test("without JavaScript, the card signs in as the person and the banner's Stop gives the administrator back", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const admin = await createAdministrator();
  const person = await createSignedInAccount(newAccount("Bea NoScript"));
  await signInContext(context, admin);
  await page.goto(adminAccountPath(person.userId));
  const form = page.getByRole("form", { name: `Sign in as ${person.name}` });
  await form.getByLabel("Reason").fill(REASON);
  await form.getByRole("button", { name: `Sign in as ${person.name}` }).click();
  await page.waitForURL("**/dashboard");
  await expect(bannerOf(page).getByRole("status")).toContainText(person.name);
  await bannerOf(page).getByRole("button", { name: "Stop" }).click();
  await page.waitForURL(`**${adminAccountPath(person.userId)}`);
  await expect(bannerOf(page)).toHaveCount(0);
  expect(await signedInEmail(context.request)).toBe(admin.email);
  await context.close();
});

test("while signed in as the person, nothing that changes how they sign in or what they own can be done: 403, nothing changes; the console too", async ({
  page,
}) => {
  const { admin, person } = await supporting(page, "Cy Owner");
  const teammate = await createSignedInAccount(newAccount("Dee Member"));
  // A passkey and a provider of theirs, a team they own with another member.
  await addStrangersWaysIn(person.email);
  const teamId = randomUUID();
  const memberId = randomUUID();
  const now = new Date().toISOString();
  await queryAll([
    {
      text: `INSERT INTO "organization" ("id", "name", "slug", "createdAt") VALUES (?, 'Cy Team', ?, ?)`,
      params: [teamId, `cy-${teamId}`, now],
    },
    {
      text: `INSERT INTO "member" ("id", "organizationId", "userId", "role", "createdAt") VALUES (?, ?, ?, 'owner', ?), (?, ?, ?, 'member', ?)`,
      params: [randomUUID(), teamId, person.userId, now, memberId, teamId, teammate.userId, now],
    },
  ]);
  // Counts as numbers on both databases (PostgreSQL's COUNT is a bigint, read as text).
  const state = async () => {
    const row = (
      await queryAll([
        {
          text: `SELECT u."email", u."name", a."password", (SELECT COUNT(*) FROM "session" s WHERE s."userId" = u."id") AS sessions,
                 (SELECT COUNT(*) FROM "passkey" p WHERE p."userId" = u."id") AS passkeys,
                 (SELECT COUNT(*) FROM "account" o WHERE o."userId" = u."id") AS accounts,
                 (SELECT COUNT(*) FROM "twoFactor" t WHERE t."userId" = u."id") AS factors,
                 (SELECT m."role" FROM "member" m WHERE m."userId" = u."id") AS role,
                 (SELECT COUNT(*) FROM "organization" g WHERE g."id" = ?) AS teams
                 FROM "user" u JOIN "account" a ON a."userId" = u."id" AND a."providerId" = 'credential' WHERE u."id" = ?`,
          params: [teamId, person.userId],
        },
      ])
    )[0]?.rows[0];
    const counted = ["sessions", "passkeys", "accounts", "factors", "teams"];
    return (
      row &&
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, counted.includes(key) ? Number(value) : value]),
      )
    );
  };

  const request = page.context().request;
  expect(await signedInEmail(request)).toBe(person.email);
  const before = await state();
  expect(before).toMatchObject({
    sessions: 2,
    passkeys: 1,
    accounts: 2,
    factors: 0,
    role: "owner",
    teams: 1,
  });
  const [otherSession] = await queryAll([
    {
      text: `SELECT "id" FROM "session" WHERE "userId" = ? AND "impersonatedBy" IS NULL`,
      params: [person.userId],
    },
  ]);
  const [passkey] = await queryAll([
    { text: `SELECT "id" FROM "passkey" WHERE "userId" = ?`, params: [person.userId] },
  ]);
  const password = person.password;

  const forms: [string, Record<string, string>][] = [
    [
      "/dashboard",
      { intent: "change-password", currentPassword: password, newPassword: "a whole new passphrase" },
    ],
    ["/dashboard", { intent: "set-password", newPassword: "a whole new passphrase" }],
    ["/dashboard", { intent: "change-email", newEmail: `new-${randomUUID()}@example.com` }],
    ["/dashboard", { intent: "add-passkey" }],
    ["/dashboard", { intent: "delete-passkey", id: String(passkey?.rows[0]?.id) }],
    ["/dashboard", { intent: "link-provider", provider: "oidc" }],
    ["/dashboard", { intent: "unlink-provider", provider: "oidc" }],
    ["/dashboard", { intent: "revoke-session", id: String(otherSession?.rows[0]?.id) }],
    ["/dashboard", { intent: "revoke-other-sessions" }],
    ["/dashboard", { intent: "delete-account", password }],
    ["/dashboard/two-factor", { intent: "start" }],
    ["/dashboard/two-factor", { intent: "turn-off", code: "123456" }],
    ["/dashboard/data", {}],
    [`/dashboard/teams/${teamId}`, { intent: "transfer-ownership", teamId, memberId }],
    [`/dashboard/teams/${teamId}`, { intent: "delete-team", teamId, confirm: "Cy Team" }],
    [
      adminAccountPath(teammate.userId),
      { intent: "support-sign-in", userId: teammate.userId, reason: REASON },
    ],
  ];
  for (const [path, form] of forms) {
    const answer = await request.post(path, { headers: sameOrigin, form, maxRedirects: 0 });
    expect({ path, intent: form.intent, status: answer.status() }).toEqual({
      path,
      intent: form.intent,
      status: 403,
    });
  }
  // better-auth's own doors: the passkey ceremony refuses; the others are never open.
  const doors: [string, "GET" | "POST", number][] = [
    ["/api/auth/passkey/generate-register-options", "GET", 403],
    ["/api/auth/passkey/verify-registration", "POST", 403],
    ["/api/auth/revoke-other-sessions", "POST", 404],
    ["/api/auth/revoke-sessions", "POST", 404],
    ["/api/auth/sign-out", "POST", 404],
    ["/api/auth/change-password", "POST", 404],
  ];
  for (const [path, method, status] of doors) {
    const answer = await request.fetch(path, {
      method,
      headers: sameOrigin,
      data: method === "POST" ? {} : undefined,
    });
    expect({ path, status: answer.status() }).toEqual({ path, status });
  }
  for (const path of ["/admin", adminAccountPath(teammate.userId), "/admin/audit"])
    expect({ path, status: (await request.get(path)).status() }).toEqual({ path, status: 403 });

  expect(await state()).toEqual(before);
  expect(await signedInEmail(request)).toBe(person.email);
  // What the policy lets through is done, and in the trail by its name; nothing refused is.
  const renamed = await request.post("/dashboard", {
    headers: sameOrigin,
    form: { intent: "update-name", name: "Cy Renamed" },
    maxRedirects: 0,
  });
  expect(renamed.status()).toBe(200);
  expect((await trailAbout(person.userId)).map((entry) => [entry.action, entry.detail])).toEqual([
    ["support-sign-in-start", expect.stringMatching(/^Until /)],
    ["support-action", "/dashboard update-name"],
  ]);

  // Logging out ends the support sign-in as Stop does: the administrator is back, the support session gone.
  const loggedOut = await request.post("/logout", { headers: sameOrigin, maxRedirects: 0 });
  expect(loggedOut.status()).toBe(302);
  expect(await signedInEmail(request)).toBe(admin.email);
  expect(await supportSessionsOf(admin.userId)).toEqual([]);
  expect((await trailAbout(person.userId)).at(-1)).toMatchObject({
    action: "support-sign-in-expired",
    adminId: admin.userId,
    detail: "Its session ended before the hour was up: signed out.",
  });
});

test("another administrator and a suspended account cannot be signed in as: the card says why, and a post is refused", async ({
  page,
}) => {
  const admin = await createAdministrator();
  const other = await createAdministrator({ account: newAccount("Other Admin") });
  const suspended = await createSignedInAccount(newAccount("Sam Suspended"));
  await queryAll([
    {
      text: `UPDATE "user" SET "banned" = ${process.env.E2E_DATABASE_URL ? "true" : "1"} WHERE "id" = ?`,
      params: [suspended.userId],
    },
  ]);
  await signInContext(page.context(), admin);
  const cases = [
    [other, 403, "Administrators cannot be signed in as"],
    [suspended, 409, "This account is suspended"],
  ] as const;
  for (const [account, status, why] of cases) {
    await page.goto(adminAccountPath(account.userId));
    await expect(page.getByText(why)).toBeVisible();
    await expect(page.getByRole("button", { name: `Sign in as ${account.name}` })).toHaveCount(0);
    const answer = await postSupportSignIn(page.context(), account.userId);
    expect(answer.status()).toBe(status);
    expect(await answer.text()).toContain(why);
    expect(await signedInEmail(page.context().request)).toBe(admin.email);
    expect(await trailAbout(account.userId)).toEqual([]);
  }
});

test("at the hour's end the next page is the administrator's own session again, and the trail has the expiry", async ({
  page,
}) => {
  const { admin, person } = await supporting(page, "Eve Hour");
  await page.goto("/dashboard");
  await expect(bannerOf(page).getByRole("status")).toContainText(person.name);

  const [token] = await supportSessionsOf(admin.userId);
  expect(await expireSession(token ?? "")).toBe(1);
  await expectAdministratorBack(page, admin, { person, by: "support-sign-in-expired" });
});

test("signing out from the account menu while signed in as the person gives the administrator back, and the trail the end", async ({
  page,
}) => {
  const { admin, person } = await supporting(page, "Fay Menu");
  await page.goto("/dashboard");
  const menu = page.getByRole("button", { name: `Account menu for ${person.name}` });
  await waitForElementHydration(menu);
  await menu.click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  // The next page that reads a session (the prerendered home is every cookie-less browser's) is the administrator's.
  await expectAdministratorBack(page, admin, { person, by: "support-sign-in-expired" });
});

test("Stop with no support sign-in going answers a redirect; opening its address is the 404", async ({
  page,
}) => {
  const request = page.context().request;
  const asGuest = await request.post(SUPPORT_STOP_PATH, { headers: sameOrigin, maxRedirects: 0 });
  expect({ status: asGuest.status(), location: asGuest.headers().location }).toEqual({
    status: 302,
    location: "/",
  });
  expect((await request.get(SUPPORT_STOP_PATH)).status()).toBe(404);
});
