/**
 * The admin console end to end: closed (the app's own 404, nothing
 * changes) to guests, to people who are not administrators, and to an
 * administrator without a second factor, for every page and every action
 * the console has; open to the listed administrator once two-step
 * sign-in is on, who finds, signs out, promotes and demotes an account,
 * each step in a trail nobody can change.
 */
import { randomUUID } from "node:crypto";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { createAccountWithForm, newAccount, sameOrigin } from "../../../tests/fixtures/accounts";
import { importAppModule } from "../../../tests/fixtures/app-modules";
import { queryAll, secretsOf, sqlTrue } from "../../../tests/fixtures/database";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { createSignedInAccount, type SignedInAccount } from "../../../tests/fixtures/signed-in";
import type * as AdminActions from "./admin-actions.server";
import { adminAccountPath } from "./constants";
import { createAdministrator, LISTED_ADMIN_EMAIL, signInContext, turnOnTwoStep } from "./e2e-fixtures";

// A journey of two browsers and a dozen form posts, on a machine that may be running other suites.
test.describe.configure({ timeout: 90_000 });

/** What an account is, as the rules read it: its sessions, its role, its suspension, the trail about it. */
async function stateOf(userId: string) {
  const [sessions, user, trail] = await queryAll([
    {
      text: `SELECT "id", "impersonatedBy" FROM "session" WHERE "userId" = ? ORDER BY "id"`,
      params: [userId],
    },
    { text: `SELECT "role", "banned", "securityStamp" FROM "user" WHERE "id" = ?`, params: [userId] },
    { text: `SELECT COUNT(*) AS n FROM "admin_audit" WHERE "targetId" = ?`, params: [userId] },
  ]);
  return {
    sessions: sessions?.rows.map((row) => [row.id, row.impersonatedBy]),
    user: user?.rows[0] ? { ...user.rows[0], banned: Boolean(user.rows[0].banned) } : null,
    trail: Number(trail?.rows[0]?.n),
  };
}

/** Whether the page is the app's own "Page Not Found", and nothing of the console. */
async function expectAppNotFound(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByText(/admin console|two-step/i)).toHaveCount(0);
}

test("guests, people who are not administrators and an administrator without a second factor get 404 from every page and every action, and nothing changes", async ({
  browser,
}) => {
  const { ADMIN_ACTIONS } = await importAppModule<typeof AdminActions>(
    "/app/features/admin/admin-actions.server.ts",
  );
  const intents = ADMIN_ACTIONS.map((action) => action.intent);
  // The list is the console's own: this branch's actions at least, and whatever is added later.
  expect(intents).toEqual(expect.arrayContaining(["sign-out-everywhere", "make-admin", "remove-admin"]));

  const target = await createSignedInAccount(newAccount("Target Person"));
  const before = await stateOf(target.userId);
  const pages = ["/admin", "/admin/audit", adminAccountPath(target.userId)];
  const contexts: [string, BrowserContext, "app" | "second-factor"][] = [];
  const guest = await browser.newContext();
  contexts.push(["a guest", guest, "app"]);
  const person = await browser.newContext();
  await signInContext(person, await createSignedInAccount());
  contexts.push(["a person who is not an administrator", person, "app"]);
  const noSecondFactor = await browser.newContext();
  await signInContext(noSecondFactor, await createAdministrator({ secondFactor: false }));
  contexts.push(["an administrator without a second factor", noSecondFactor, "second-factor"]);

  for (const [who, context, answer] of contexts) {
    const page = await context.newPage();
    for (const path of pages) {
      const response = await page.goto(path);
      expect({ who, path, status: response?.status() }).toEqual({ who, path, status: 404 });
      if (answer === "app") {
        await expectAppNotFound(page);
      } else {
        // The console's own page: what to do, with no account data at all.
        await expect(page.getByRole("heading", { name: "Turn on two-step sign-in" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Set up an authenticator app" })).toHaveAttribute(
          "href",
          "/dashboard/two-factor",
        );
        const text = await page.locator("main").innerText();
        expect(text).not.toContain(target.email);
        expect(text).not.toContain(target.name);
      }
    }
    for (const intent of intents) {
      const forged = await context.request.post(adminAccountPath(target.userId), {
        headers: sameOrigin,
        form: { intent, userId: target.userId, reason: "forged", minutes: "30", until: "" },
        maxRedirects: 0,
      });
      expect({ who, intent, status: forged.status() }).toEqual({ who, intent, status: 404 });
      expect(forged.headers()["set-cookie"] ?? "").not.toContain("session_token");
    }
    await context.close();
  }
  expect(await stateOf(target.userId)).toEqual(before);
});

/** The listed administrator, signed up through the real form, with two-step sign-in on. */
async function listedAdministrator(page: Page): Promise<string> {
  await createAccountWithForm(page, { ...newAccount("Lena Listed"), email: LISTED_ADMIN_EMAIL });
  await page.waitForURL("**/dashboard");
  const [found] = await queryAll([
    { text: `SELECT "id" FROM "user" WHERE "email" = ?`, params: [LISTED_ADMIN_EMAIL] },
  ]);
  const userId = String(found?.rows[0]?.id);
  // Listed, but no second factor yet: the console says so, and nothing else.
  expect((await page.goto("/admin"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Turn on two-step sign-in" })).toBeVisible();
  await queryAll([turnOnTwoStep(userId)]);
  return userId;
}

/** Sends one of the account page's forms (its reason, its button) and waits for the page to show what it did. */
async function act(page: Page, form: string, reason: string) {
  const sent = page.getByRole("form", { name: form });
  await sent.getByLabel("Reason").fill(reason);
  await sent.getByRole("button", { name: form }).click();
}

test("the listed administrator finds an account, signs it out everywhere, makes and unmakes it an administrator, and the trail keeps every step, unchangeable", async ({
  page,
  browser,
}) => {
  const adminId = await listedAdministrator(page);
  const marker = randomUUID().slice(0, 8);
  const person = await createSignedInAccount({
    ...newAccount(`Mary Somerville ${marker}`),
    email: `mary-${marker}@example.com`,
  });
  const personContext = await browser.newContext();
  await signInContext(personContext, person);
  const personPage = await personContext.newPage();
  await personPage.goto("/dashboard");
  await expect(personPage).toHaveURL(/\/dashboard$/);
  const suspended = await createSignedInAccount({
    ...newAccount(`Suspended ${marker}`),
    email: `held-${marker}@example.com`,
  });
  await queryAll([
    { text: `UPDATE "user" SET "banned" = ${sqlTrue()} WHERE "id" = ?`, params: [suspended.userId] },
  ]);

  // Find: by part of the address, in capitals; then the filters.
  expect((await page.goto("/admin"))?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Admin console" })).toBeVisible();
  const search = page.getByRole("search", { name: "Find accounts" });
  const found = page.getByRole("table").getByRole("rowheader");
  await search.getByLabel("Email or name").fill(`MARY-${marker.toUpperCase()}`);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=MARY-${marker.toUpperCase()}`));
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(person.email);
  await search.getByLabel("Email or name").fill(marker);
  await search.getByLabel("Show").selectOption("suspended");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(suspended.email);
  await page.goto("/admin?status=admins");
  await expect(found.filter({ hasText: LISTED_ADMIN_EMAIL })).toHaveCount(1);
  await expect(found.filter({ hasText: person.email })).toHaveCount(0);

  // The account's page: how it signs in, where; never a secret.
  await page.goto(`/admin?q=${marker}`);
  await page.getByRole("link", { name: person.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: person.name })).toBeVisible();
  await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Sessions" })).toContainText("127.0.0.1");
  const html = await page.content();
  for (const secret of await secretsOf(person.email)) expect(html).not.toContain(secret);
  await waitForHydration(page);

  // Sign out everywhere: the person's open browser is signed out at its next request.
  await act(page, "Sign out everywhere", `Ticket ${marker}: lost laptop`);
  await expect(page.getByText("No browser is signed in.")).toBeVisible();
  await personPage.goto("/dashboard");
  await expect(personPage).toHaveURL(/\/login\?redirect=(%2F|\/)dashboard$/);

  // Make, then remove, an administrator.
  await act(page, "Make administrator", `Joins support ${marker}`);
  await expect(page.getByRole("form", { name: "Remove administrator" })).toBeVisible();
  await expect(page.locator("h1 + p")).toContainText("Administrator");
  await act(page, "Remove administrator", `Left support ${marker}`);
  await expect(page.getByRole("form", { name: "Make administrator" })).toBeVisible();
  await expect(page.locator("h1 + p")).toContainText("Active");
  // The person's own log says each of it, in the app's words.
  const activity = page.getByRole("list", { name: "Recent activity" });
  await expect(activity).toContainText("An administrator signed you out everywhere");
  await expect(activity).toContainText("You were made an administrator");
  await expect(activity).toContainText("You are no longer an administrator");

  // The trail: each step, newest first, from the account's page and then by its administrator.
  await page.getByRole("link", { name: "Audit trail" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?account=${person.userId}$`));
  const entries = page.getByRole("list", { name: "Audit trail entries" }).getByRole("listitem");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("Removed an administrator");
  await expect(entries.nth(0)).toContainText(`Left support ${marker}`);
  await expect(entries.nth(1)).toContainText("Made an administrator");
  await expect(entries.nth(2)).toContainText("Signed out everywhere");
  await expect(entries.nth(2)).toContainText(`Ticket ${marker}: lost laptop`);
  for (const at of [0, 1, 2]) {
    await expect(entries.nth(at)).toContainText(LISTED_ADMIN_EMAIL);
    await expect(entries.nth(at)).toContainText(person.email);
    await expect(entries.nth(at)).toContainText("127.0.0.1");
  }
  await entries.nth(0).getByRole("link", { name: LISTED_ADMIN_EMAIL }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?admin=${adminId}$`));
  await expect(entries).toHaveCount(3);

  // Nothing changes the trail: no route, no method, not even the database's own statements.
  const trailBefore = await queryAll([{ text: `SELECT * FROM "admin_audit" ORDER BY "id"`, params: [] }]);
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    const answer = await page.request.fetch("/admin/audit", {
      method,
      headers: sameOrigin,
      form: { intent: "delete", id: "any" },
      maxRedirects: 0,
    });
    expect({ method, status: answer.status() }).toEqual({ method, status: 405 });
  }
  const unknown = await page.request.post(adminAccountPath(person.userId), {
    headers: sameOrigin,
    form: { intent: "delete-audit-entry", userId: person.userId },
  });
  expect(unknown.status()).toBe(400);
  await expect(
    queryAll([{ text: `UPDATE "admin_audit" SET "reason" = 'nothing happened'`, params: [] }]),
  ).rejects.toThrow(/append-only/);
  await expect(queryAll([{ text: `DELETE FROM "admin_audit"`, params: [] }])).rejects.toThrow(/append-only/);
  expect(await queryAll([{ text: `SELECT * FROM "admin_audit" ORDER BY "id"`, params: [] }])).toEqual(
    trailBefore,
  );
  await personContext.close();
});

test("an administrator's own page offers neither signing out nor the role, and an unknown account is a 404", async ({
  page,
}) => {
  const admin: SignedInAccount = await createAdministrator();
  await signInContext(page.context(), admin);
  await page.goto(adminAccountPath(admin.userId));
  await expect(page.getByRole("heading", { level: 1, name: admin.name })).toBeVisible();
  await expect(page.getByText("This is your own account")).toBeVisible();
  await expect(page.getByText("You cannot remove yourself: another administrator can.")).toBeVisible();
  await expect(page.getByRole("form", { name: /Sign out everywhere|administrator/ })).toHaveCount(0);
  expect((await page.goto(adminAccountPath(randomUUID())))?.status()).toBe(404);
});

test("without JavaScript, the search is an address and the account page's forms post and answer on the page", async ({
  browser,
}) => {
  const person = await createSignedInAccount(newAccount(`No Script ${randomUUID().slice(0, 8)}`));
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInContext(context, await createAdministrator());
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByLabel("Email or name").fill(person.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("table").getByRole("link", { name: person.name }).click();
  await expect(page).toHaveURL(new RegExp(`${adminAccountPath(person.userId)}$`));
  const form = page.getByRole("form", { name: "Sign out everywhere" });
  await form.getByRole("button", { name: "Sign out everywhere" }).click();
  // A reason is required (the browser's own check, and the server's): nothing ends without one.
  expect((await stateOf(person.userId)).sessions).toHaveLength(1);
  await form.getByLabel("Reason").fill("No script needed");
  await form.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `${person.email} is signed out everywhere: each browser at its next request.`,
  );
  await expect(page.getByText("No browser is signed in.")).toBeVisible();
  expect((await stateOf(person.userId)).sessions).toEqual([]);
  await context.close();
});
