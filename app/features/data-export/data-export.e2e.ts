import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { sameOrigin, signInByRequest } from "../../../tests/fixtures/accounts";
import { secretsOf } from "../../../tests/fixtures/database";
import { openDashboardAs, test } from "../../../tests/fixtures/signed-in";

test("Download my data saves one JSON file of the account, its sign-in methods, sessions and activity, and no secret", async ({
  page,
  browser,
}) => {
  const account = await openDashboardAs(page);
  // A second session, from another browser, that the file must list too.
  const other = await browser.newContext();
  await signInByRequest(other.request, account);
  await other.close();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^react-starter-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), "utf8");
  const file = JSON.parse(text);
  expect(file.account).toMatchObject({ name: account.name, email: account.email, emailVerified: true });
  expect(file.signInMethods).toMatchObject({ password: true, providers: [] });
  expect(file.sessions).toHaveLength(2);
  expect(file.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
  expect(file.activity.map((entry: { kind: string }) => entry.kind)).toEqual(
    expect.arrayContaining(["sign-up", "sign-in"]),
  );
  const secrets = await secretsOf(account.email);
  expect(secrets.length).toBeGreaterThanOrEqual(3); // The password hash and two session tokens.
  for (const secret of secrets) expect(text).not.toContain(secret);

  // The page stayed, and the download is in the activity log.
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText("Downloaded your data");
});

test("the file is never cached, is limited per account, and only a signed-in post from the app makes it", async ({
  loginRequest,
  playwright,
  baseURL,
}) => {
  const { request } = await loginRequest();

  const first = await request.post("/dashboard/data", { headers: sameOrigin, maxRedirects: 0 });
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toMatch(/^application\/json/);
  expect(first.headers()["content-disposition"]).toMatch(/^attachment; filename="react-starter-data-/);
  expect(first.headers()["cache-control"]).toBe("no-store");

  // Another site cannot start it, and a guest is sent to sign in.
  const crossSite = await request.post("/dashboard/data", {
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  const guest = await playwright.request.newContext({ baseURL });
  const asGuest = await guest.post("/dashboard/data", { headers: sameOrigin, maxRedirects: 0 });
  expect(asGuest.status()).toBe(302);
  expect(asGuest.headers().location).toBe("/login?redirect=/dashboard/data");
  // Opening the address is not a download: it leads back to the card.
  const opened = await request.get("/dashboard/data", { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  expect(opened.headers().location).toBe("/dashboard#your-data");

  for (let made = 1; made < 5; made += 1) {
    expect((await request.post("/dashboard/data", { headers: sameOrigin })).status()).toBe(200);
  }
  const refused = await request.post("/dashboard/data", { headers: sameOrigin });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.text()).toMatch(/^Too many downloads\. Try again in \d+ minutes?\.$/);
  await guest.dispose();
});
