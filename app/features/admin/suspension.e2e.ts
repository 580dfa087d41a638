import { type Browser, expect, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import {
  newAccount,
  RESET_SUBJECT,
  sameOrigin,
  signInWithForm,
  startSignUpByRequest,
} from "../../../tests/fixtures/accounts";
import { APP_NAME, exactly } from "../../../tests/fixtures/app-name";
import { linkIn, mailsTo, waitForMail } from "../../../tests/fixtures/mailbox";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import {
  createSignedInAccount,
  openDashboard,
  type SignedInAccount,
  test,
} from "../../../tests/fixtures/signed-in";
import { createAdministrator, signInContext } from "./e2e-fixtures";

const SUSPENDED = "This account is suspended. Contact support.";
const SUSPENDED_SUBJECT = exactly(`Your ${APP_NAME} account is suspended`);
const LIFTED_SUBJECT = exactly(`Your ${APP_NAME} account is no longer suspended`);
const ATTEMPT_SUBJECT = exactly(`Someone tried to create a ${APP_NAME} account with your address`);
const accountPath = (userId: string) => `/admin/accounts/${userId}`;
/** A date field's value, `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** An administrator (with a second factor) signed in in a browser of their own, on `person`'s account page. */
async function adminPageFor(browser: Browser, person: SignedInAccount) {
  const context = await browser.newContext();
  await signInContext(context, await createAdministrator());
  const page = await context.newPage();
  await page.goto(accountPath(person.userId));
  await waitForHydration(page);
  return page;
}

/** Suspends `person` through the account page's form. */
async function suspendWithForm(
  adminPage: Page,
  person: SignedInAccount,
  { reason = "Spam links", until = "" } = {},
) {
  const form = adminPage.getByRole("form", { name: `Suspend ${person.email}` });
  await form.getByLabel("Reason").fill(reason);
  if (until) await form.getByLabel("End date (optional)").fill(until);
  await form.getByRole("button", { name: "Suspend account" }).click();
  await expect(adminPage.getByRole("form", { name: `Lift the suspension of ${person.email}` })).toBeVisible();
}

/** Suspends `person` with the account page's form post, as a browser without JavaScript sends it. */
async function suspendByPost(browser: Browser, person: SignedInAccount) {
  const context = await browser.newContext();
  await signInContext(context, await createAdministrator());
  const answer = await context.request.post(accountPath(person.userId), {
    headers: sameOrigin,
    form: { intent: "suspend-account", userId: person.userId, reason: "Fraud" },
    maxRedirects: 0,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await context.close();
}

/** The suspension's message, shown once on `page`. */
const expectRefusal = (page: Page) =>
  expect(page.getByRole("alert").filter({ hasText: SUSPENDED })).toHaveText(SUSPENDED);

// A passkey's and a provider's sign-in answer the same message: those features' journeys (suspended-*.e2e.ts).
test("suspended through the account page's form: the person's open browser is signed out at its next request, the password answers the message, and once lifted they sign in again; both mails arrive", async ({
  browser,
  login,
  page,
}) => {
  // Two browsers and two mails: more than the suite's 30 s on a busy machine.
  test.setTimeout(60_000);
  const person = await login(newAccount());
  await openDashboard(page);

  const adminPage = await adminPageFor(browser, person);
  await expect(adminPage.getByText(`${person.email}`).first()).toBeVisible();
  const until = day(3);
  await suspendWithForm(adminPage, person, { until });

  // The person's browser, at its next request: signed out.
  await page.reload();
  await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)dashboard$/);
  await waitForHydration(page);
  await signInWithForm(page, person);
  await expectRefusal(page);
  await expect(page).toHaveURL(/\/login/);
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});

  const suspended = await waitForMail(person.email, SUSPENDED_SUBJECT);
  expect(suspended.text).toContain(SUSPENDED);
  expect(suspended.text).toContain(`until ${new Date(`${until}T00:00:00Z`).getUTCDate()}`);
  expect(`${suspended.text}${suspended.html}`).not.toContain("Spam links");

  await adminPage.getByRole("button", { name: "Lift the suspension" }).click();
  await expect(adminPage.getByRole("form", { name: `Suspend ${person.email}` })).toBeVisible();
  await waitForMail(person.email, LIFTED_SUBJECT);

  await page.goto("/login?redirect=/dashboard");
  await waitForHydration(page);
  await signInWithForm(page, person);
  await expect(page).toHaveURL("/dashboard");
});

test("while suspended, a reset link's page shows the message and sets no password, and a sign-up with the address mails its owner the message", async ({
  browser,
  page,
  playwright,
}) => {
  const person = await createSignedInAccount(newAccount());
  await page.request.post("/forgot-password", { headers: sameOrigin, form: { email: person.email } });
  const link = linkIn(await waitForMail(person.email, RESET_SUBJECT), "/reset-password");
  await suspendByPost(browser, person);

  const opened = await page.goto(link);
  expect(opened?.status()).toBe(403);
  await expectRefusal(page);
  await expect(page.getByLabel("New password")).toHaveCount(0);
  // Posted anyway (a form kept open from before): refused, nothing changed.
  const token = new URL(link).searchParams.get("token") ?? "";
  const posted = await page.request.post("/reset-password", {
    headers: sameOrigin,
    form: { token, password: "a brand new passphrase" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);

  const stranger = await playwright.request.newContext({ baseURL });
  await startSignUpByRequest(stranger, { ...newAccount(), email: person.email });
  const notice = await waitForMail(person.email, ATTEMPT_SUBJECT);
  expect(notice.text).toContain(SUSPENDED);
  expect(notice.text).not.toMatch(/\d{6}/);
  await stranger.dispose();
  expect((await mailsTo(person.email)).map((mail) => mail.subject)).not.toContainEqual(
    expect.stringMatching(/ is your .* code$/),
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form suspends, and an end date that is not after today is refused on its field", async ({
    browser,
    login,
  }) => {
    const person = await login(newAccount());
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signInContext(context, await createAdministrator());
    const adminPage = await context.newPage();
    // The field's `min` keeps a browser from sending a past day: sent anyway, as a form post.
    const past = await context.request.post(accountPath(person.userId), {
      headers: sameOrigin,
      form: { intent: "suspend-account", userId: person.userId, reason: "Spam", until: day(0) },
    });
    expect(past.status()).toBe(400);
    expect(await past.text()).toContain("Choose a day after today, or leave it empty.");

    await adminPage.goto(accountPath(person.userId));
    const form = adminPage.getByRole("form", { name: `Suspend ${person.email}` });
    await form.getByLabel("Reason").fill("Spam");
    await form.getByRole("button", { name: "Suspend account" }).click();
    await expect(adminPage.getByRole("status")).toContainText(`${person.email} is suspended`);
    await expect(adminPage.getByText(/^Suspended with no end date\./)).toBeVisible();
    await context.close();
  });
});
