import { expect, test } from "@playwright/test";
import { type Instance, launchInstances } from "../../../tests/fixtures/instances";
import { createTestDatabase, type TestDatabase } from "../../../tests/fixtures/postgres";
import { stopServer } from "../../../tests/fixtures/server-process";
import { codeStepIn, newAccountWithTwoStepAt } from "./test-fixtures";

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
  const { account, app } = await newAccountWithTwoStepAt(page, a.base);
  const code = app.next();
  const first = await codeStepIn(browser, account, code, a.base);
  await expect(first.page).toHaveURL(`${a.base}/dashboard`);

  // The same code, seen over a shoulder, typed in another browser that reaches B.
  const second = await codeStepIn(browser, account, code, b.base);
  await expect(second.page.getByText("This code was used already.")).toBeVisible();
  expect(await (await second.page.request.get(`${b.base}/api/_auth/session`)).json()).toEqual({});
  await Promise.all([first.context.close(), second.context.close()]);
});
