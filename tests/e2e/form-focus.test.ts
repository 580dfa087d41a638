import { expect, type Route, test } from "@playwright/test";
import { newAccount, signUpByRequest } from "../fixtures/accounts";
import { waitForHydration } from "../fixtures/page-state";
import { openDashboardAs } from "../fixtures/signed-in";

test("while a form posts, the focus stays on its busy button; refused, it moves to the message", async ({
  page,
}) => {
  const account = newAccount();
  await signUpByRequest(page.request, account);
  await page.context().clearCookies();
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("not the password");

  // Hold the answer until the busy state has been looked at.
  const held: Route[] = [];
  await page.route("**/login*", (route) =>
    route.request().method() === "POST" ? void held.push(route) : route.continue(),
  );
  const submit = page.getByRole("button", { name: "Sign in", exact: true });
  await submit.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => held.length).toBe(1);
  await expect(submit).toHaveAttribute("aria-disabled", "true");
  await expect(submit).toBeFocused();
  // A second press while busy sends nothing more.
  await page.keyboard.press("Enter");
  await held[0]?.continue();

  const alert = page.getByRole("alert").filter({ hasText: /password/i });
  await expect(alert).toBeFocused();
  expect(held).toHaveLength(1);
});

test("a refused field gets the focus, and its error is read with it, each time it is refused", async ({
  page,
}) => {
  await openDashboardAs(page);
  const current = page.getByLabel("Current password");
  await current.fill("not my password");
  await page.getByLabel("New password").fill("a new password here");
  const submit = page.getByRole("button", { name: "Change password" });
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await submit.click();
    await expect(current, `attempt ${attempt}`).toBeFocused();
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(current).toHaveAccessibleDescription("That is not your current password.");
  }
});
