import { expect, type Page } from "@playwright/test";
import { POPUP_FLAG_KEY, POPUP_FLAG_MAX_AGE_MS, POPUP_WINDOW_NAME } from "~/lib/constants";
import { newAccount } from "../../../tests/fixtures/accounts";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { test } from "../../../tests/fixtures/signed-in";

/** From `opener`, opens `path` in the sign-in popup with the flag set `age` ms ago, as a sign-in would. */
async function openPopupAt(opener: Page, path: string, age = 0): Promise<Page> {
  const popupOpened = opener.waitForEvent("popup");
  await opener.evaluate(
    ([key, name, url, setAt]) => {
      localStorage.setItem(key, String(setAt));
      window.open(url, name, "popup=yes,width=960,height=600");
    },
    [POPUP_FLAG_KEY, POPUP_WINDOW_NAME, path, Date.now() - age] as const,
  );
  return popupOpened;
}

const flagOf = (page: Page) => page.evaluate((key) => localStorage.getItem(key), POPUP_FLAG_KEY);

test("the sign-in popup closes itself on any page of the app it lands on signed in, not only /auth/result", async ({
  login,
  page,
}) => {
  await login(newAccount());
  await page.goto("/");
  await waitForHydration(page);
  const popup = await openPopupAt(page, "/dashboard");
  await popup.waitForEvent("close");
  // The flag is gone: that is what tells the opener the sign-in is done.
  expect(await flagOf(page)).toBeNull();
});

test("signed out, the popup stays open and keeps the flag", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const popup = await openPopupAt(page, "/login");
  await waitForHydration(popup);
  await expect(popup.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  expect(popup.isClosed()).toBe(false);
  expect(await flagOf(page)).not.toBeNull();
});

test("a flag left over from a sign-in given up long ago closes nothing, and is cleared", async ({
  login,
  page,
}) => {
  await login(newAccount());
  await page.goto("/");
  await waitForHydration(page);
  const popup = await openPopupAt(page, "/dashboard", POPUP_FLAG_MAX_AGE_MS + 60_000);
  await waitForHydration(popup);
  await expect.poll(() => flagOf(page)).toBeNull();
  await expect(popup.getByRole("heading", { level: 1, name: /^Welcome back/ })).toBeVisible();
  expect(popup.isClosed()).toBe(false);
});
