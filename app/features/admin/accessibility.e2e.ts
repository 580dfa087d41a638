import { test } from "@playwright/test";
import { expectNoViolations, watchEveryPage } from "../../../tests/fixtures/accessibility";
import { newAccount } from "../../../tests/fixtures/accounts";
import { createSignedInAccount } from "../../../tests/fixtures/signed-in";
import { adminAccountPath } from "./constants";
import { createAdministrator, signInContext } from "./e2e-fixtures";

// The needs-second-factor page answers 404 on purpose, on every console path.
watchEveryPage(test, ["/admin", "/admin/audit"]);

test("the admin console's pages have no accessibility violations, wide and at 390 px", async ({ page }) => {
  // Five pages, each read by axe in both colour modes: minutes on a busy 2-core machine.
  test.setTimeout(180_000);
  const person = await createSignedInAccount(newAccount("Ada Accessible"));
  await signInContext(page.context(), await createAdministrator());
  await page.goto(adminAccountPath(person.userId));
  await expectNoViolations(page, "an account's page");
  const signOut = page.getByRole("form", { name: "Sign out everywhere" });
  await signOut.getByLabel("Reason").fill("Accessibility check");
  await signOut.getByRole("button", { name: "Sign out everywhere" }).click();
  // The trail has an entry to show.
  await page.getByText("No browser is signed in.").waitFor();
  await page.goto("/admin");
  await expectNoViolations(page, "the accounts");
  await page.goto("/admin/audit");
  await expectNoViolations(page, "the audit trail");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  await expectNoViolations(page, "the accounts at 390 px");

  await signInContext(page.context(), await createAdministrator({ secondFactor: false }));
  await page.goto("/admin");
  await expectNoViolations(page, "the needs-second-factor page");
});
