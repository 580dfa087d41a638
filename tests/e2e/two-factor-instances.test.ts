import { expect, test } from "@playwright/test";
import { fillAccountForm, newAccount } from "../fixtures/accounts";
import { type Instance, launchInstances } from "../fixtures/instances";
import { createTestDatabase, type TestDatabase } from "../fixtures/postgres";
import { stopServer } from "../fixtures/server-process";
import { passwordStepIn, turnOnTwoFactor } from "../fixtures/two-factor";

// Two instances on one PostgreSQL database and nothing else shared: no
// Redis, so whatever an instance keeps in its memory the other never sees.
// Runs wherever DATABASE_URL is set (its own project in playwright.config.ts).

test.describe.configure({ mode: "serial", timeout: 60_000 });

let database: TestDatabase;
let a: Instance;
let b: Instance;

test.beforeAll(async () => {
  database = await createTestDatabase("e2e_two_factor_instances");
  [a, b] = (await launchInstances([71, 72], { DATABASE_URL: database.url })) as [Instance, Instance];
});

test.afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map(({ server }) => stopServer(server)));
  await database?.drop();
});

test("an authenticator code accepted at sign-in through A is refused through B, in another browser, while it is still valid", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  await page.goto(`${a.base}/login?mode=signup`);
  await fillAccountForm(page, account);
  await expect(page).toHaveURL(`${a.base}/dashboard`);
  const { app } = await turnOnTwoFactor(page);
  const code = app.next();

  const first = await passwordStepIn(browser, account, a.base);
  await first.page.getByLabel("Authenticator code").fill(code);
  await first.page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(first.page).toHaveURL(`${a.base}/dashboard`);

  // The same code, seen over a shoulder, typed in another browser that reaches B.
  const second = await passwordStepIn(browser, account, b.base);
  await second.page.getByLabel("Authenticator code").fill(code);
  await second.page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(second.page.getByText("This code was used already.")).toBeVisible();
  const session = await (await second.page.request.get(`${b.base}/api/_auth/session`)).json();
  expect(session).toEqual({});
  await Promise.all([first.context.close(), second.context.close()]);
});
