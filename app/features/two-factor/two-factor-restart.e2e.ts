import { expect, test } from "@playwright/test";
import { mailAppEnv } from "../../../tests/fixtures/mail-env";
import {
  freshDir,
  launchApp,
  portFor,
  type ServerProcess,
  stopServer,
} from "../../../tests/fixtures/server-process";
import { codeStepIn, newAccountWithTwoStepAt } from "./test-fixtures";

// A server of its own on SQLite, stopped and started again on the same data
// folder: what it kept in memory is gone, what it wrote to the database is not.

// Two starts of a server besides the usual sign-ins (scrypt), on a machine that may be busy.
test.describe.configure({ timeout: 90_000 });

const port = portFor(73);
const base = `http://localhost:${port}`;
const dataDir = freshDir("two-factor-restart");
const start = () =>
  launchApp(port, dataDir, { LOG_LEVEL: "warn", AUTH_RATE_LIMIT_PER_IP: "100000", ...mailAppEnv });

let server: ServerProcess | undefined;
test.afterAll(async () => {
  if (server) await stopServer(server);
});

test("an authenticator code accepted before a restart is refused after it, while it is still valid", async ({
  page,
  browser,
}) => {
  server = await start();
  const { account, app } = await newAccountWithTwoStepAt(page, base);
  const code = app.next();
  const first = await codeStepIn(browser, account, code, base);
  await expect(first.page).toHaveURL(`${base}/dashboard`);

  await stopServer(server);
  server = await start();

  const second = await codeStepIn(browser, account, code, base);
  await expect(second.page.getByText("This code was used already.")).toBeVisible();
  expect(await (await second.page.request.get(`${base}/api/_auth/session`)).json()).toEqual({});
  await Promise.all([first.context.close(), second.context.close()]);
});
