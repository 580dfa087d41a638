import { test } from "@playwright/test";
import { expectNoViolations, watchEveryPage } from "../../../tests/fixtures/accessibility";
import { newAccount, sameOrigin } from "../../../tests/fixtures/accounts";
import { linkIn, waitForMail } from "../../../tests/fixtures/mailbox";
import { loginInContext } from "../../../tests/fixtures/signed-in";

watchEveryPage(test, ["/undo-email-change"]);

test("the email change's pages have no accessibility violations", async ({ page, browser }) => {
  const account = newAccount();
  const other = await browser.newContext();
  await loginInContext(other, account);
  const newEmail = `moved.${account.email}`;
  await other.request.post("/dashboard", {
    headers: sameOrigin,
    form: { intent: "change-email", newEmail },
  });
  await other.close();
  const change = linkIn(await waitForMail(newEmail, /^Confirm your new email address/), "/change-email");
  for (const path of [change, "/undo-email-change?token=no-longer-valid"]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
});
