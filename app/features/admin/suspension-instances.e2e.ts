import { expect, test } from "@playwright/test";
import { newAccount } from "../../../tests/fixtures/accounts";
import { queryAll } from "../../../tests/fixtures/database";
import { type Instance, launchInstances, sessionAt, signUpAt } from "../../../tests/fixtures/instances";
import { postForm } from "../../../tests/fixtures/no-js-forms";
import { createTestDatabase, type TestDatabase } from "../../../tests/fixtures/postgres";
import { stopServer } from "../../../tests/fixtures/server-process";
import { SESSION_COOKIE } from "../../../tests/fixtures/signed-in";
import { turnOnTwoStep } from "./e2e-fixtures";

// Two instances on one PostgreSQL database (and Redis, when REDIS_URL is
// set): sessions are rows read at every request, so a suspension through
// one ends the person's session at their next request through the other.
// Runs wherever DATABASE_URL is set (the `postgres` project in playwright.config.ts).

test.describe.configure({ mode: "serial", timeout: 60_000 });

let database: TestDatabase;
let a: Instance;
let b: Instance;

test.beforeAll(async () => {
  database = await createTestDatabase("e2e_suspension_instances");
  [a, b] = (await launchInstances([75, 76], {
    DATABASE_URL: database.url,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  })) as [Instance, Instance];
});

test.afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map(({ server }) => stopServer(server)));
  await database?.drop();
});

const userIdOf = async (base: string, cookie: string) =>
  ((await sessionAt(base, cookie)).body as { user: { id: string } }).user.id;

test("suspended through instance A, the person's open browser is signed out at its next request through instance B, and B refuses their password until it is lifted", async ({
  page,
}) => {
  const grace = newAccount("Grace Admin");
  const ada = newAccount();
  const adminCookie = await signUpAt(a.base, grace);
  const adaCookie = await signUpAt(b.base, ada);
  const adminId = await userIdOf(a.base, adminCookie);
  const adaId = await userIdOf(b.base, adaCookie);
  await queryAll(
    [
      { text: `UPDATE "user" SET "role" = 'admin' WHERE "id" = ?`, params: [adminId] },
      turnOnTwoStep(adminId),
    ],
    database.url,
  );

  // Ada's browser, open on her dashboard through B.
  const session = adaCookie.split("; ").find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? "";
  const value = session.slice(SESSION_COOKIE.length + 1);
  expect(value).not.toBe("");
  await page.context().addCookies([{ name: SESSION_COOKIE, value, url: b.base }]);
  await page.goto(`${b.base}/dashboard`);
  await expect(page).toHaveURL(`${b.base}/dashboard`);

  const accountPage = `/admin/accounts/${adaId}`;
  const suspended = await postForm(
    a.base,
    { intent: "suspend-account", userId: adaId, reason: "Fraud" },
    accountPage,
    adminCookie,
  );
  expect(suspended.status).toBe(200);

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`^${b.base}/login\\?redirect=`));
  expect((await sessionAt(b.base, adaCookie)).body).toEqual({});
  const refused = await postForm(b.base, { intent: "signin", email: ada.email, password: ada.password });
  expect(refused.status).toBe(403);

  const lifted = await postForm(
    b.base,
    { intent: "lift-suspension", userId: adaId },
    accountPage,
    adminCookie,
  );
  expect(lifted.status).toBe(200);
  const signedIn = await postForm(a.base, { intent: "signin", email: ada.email, password: ada.password });
  expect(signedIn.status).toBe(302);
});
