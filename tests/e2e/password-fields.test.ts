import { expect, type Locator, type Page, test } from "@playwright/test";
import { RESET_SUBJECT, sameOrigin } from "../fixtures/accounts";
import { linkIn, waitForMail } from "../fixtures/mailbox";
import { waitForHydration } from "../fixtures/page-state";
import { openDashboardAs } from "../fixtures/signed-in";

/** The show-password button of `field` reveals what was typed, and hides it again. */
async function expectToggle(page: Page, field: Locator) {
  const typed = "what I typed 123";
  await field.fill(typed);
  const toggle = page.locator(`button[aria-controls="${await field.getAttribute("id")}"]`);
  await expect(toggle).toHaveAccessibleName("Show password");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(field).toHaveAttribute("type", "password");
  await toggle.click();
  await expect(field).toHaveAttribute("type", "text");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(field).toHaveValue(typed);
  await toggle.click();
  await expect(field).toHaveAttribute("type", "password");
  await expect(field).toHaveValue(typed);
}

test("every password field can show what was typed: sign-in, create account, change, delete and reset", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.goto("/login");
  await waitForHydration(page);
  await expectToggle(page, page.getByLabel("Password", { exact: true }));
  await page.goto("/login?mode=signup");
  await waitForHydration(page);
  await expectToggle(page, page.getByLabel("Password", { exact: true }));

  const account = await openDashboardAs(page);
  await expectToggle(page, page.getByLabel("Current password"));
  await expectToggle(page, page.getByLabel("New password"));
  await page.getByRole("button", { name: "Delete account…" }).click();
  await expectToggle(page, page.getByRole("dialog").getByLabel("Your password"));
  await page.keyboard.press("Escape");

  // Asked for by a guest (a signed-in visitor is sent to the dashboard instead).
  await request.post("/forgot-password", { headers: sameOrigin, form: { email: account.email } });
  await page.goto(linkIn(await waitForMail(account.email, RESET_SUBJECT), "/reset-password"));
  await waitForHydration(page);
  await expectToggle(page, page.getByLabel("New password"));
});

test("forms that ask only for a password carry the account's address for password managers", async ({
  page,
}) => {
  const account = await openDashboardAs(page);
  const usernameIn = (form: Locator) => form.locator('input[autocomplete="username"]');
  await expect(usernameIn(page.locator("form", { has: page.getByLabel("Current password") }))).toHaveValue(
    account.email,
  );
  await page.getByRole("button", { name: "Delete account…" }).click();
  await expect(usernameIn(page.getByRole("dialog").locator("form"))).toHaveValue(account.email);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the password field works, with no show-password button that could do nothing", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
  });
});
