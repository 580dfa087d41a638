import { expect, test } from "@playwright/test";
import {
  CODE_SUBJECT,
  newAccount,
  sameOrigin,
  signUpCodeFor,
  startSignUpByRequest,
  type TestAccount,
} from "../fixtures/accounts";
import { APP_NAME, exactly } from "../fixtures/app-name";
import { countRows } from "../fixtures/database";
import { mailsTo, waitForMail } from "../fixtures/mailbox";
import { waitForHydration } from "../fixtures/page-state";
import { createAccount } from "../fixtures/signed-in";

const ATTEMPT_SUBJECT = exactly(`Someone tried to create a ${APP_NAME} account with your address`);

/** The id "Check your inbox" was opened with. */
const pendingId = (location: string | undefined) =>
  new URL(location ?? "", "http://localhost").searchParams.get("id") ?? "";

test("Create account creates nothing until the mailed code comes back; the code signs in at the redirect target", async ({
  page,
}) => {
  const account = newAccount("Ada claim your prize at prize.example");
  await page.goto("/login?mode=signup&redirect=/dashboard%3Ffrom%3Dinvite");
  await waitForHydration(page);
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  expect(await countRows("user", "email", account.email)).toBe(0);
  const field = page.getByLabel("Code");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(field).toHaveAttribute("inputmode", "numeric");

  const mail = await waitForMail(account.email, CODE_SUBJECT);
  const code = CODE_SUBJECT.exec(mail.subject)?.[1] ?? "";
  expect(mail.text).toContain(code);
  expect(mail.text).toContain("Hello,");
  // Nothing the requester typed reaches a mailbox nobody has proven.
  expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain("prize");

  // Pasted with a space, as some mail apps copy it.
  await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/dashboard?from=invite");
  await expect(page.getByRole("heading", { name: /Welcome back, Ada/ })).toBeVisible();
  // The code proved the mailbox: no banner asks for a confirmation.
  await expect(page.getByRole("region", { name: "Please confirm your email address" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText("Account created");
});

test("the mailed link works without JavaScript: opening it creates nothing, its post does", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const account = newAccount();
  await page.goto("/login?mode=signup");
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  const mail = await waitForMail(account.email, CODE_SUBJECT);
  const link = mail.text.match(/https?:\/\/\S+\/confirm-sign-up\?id=[\w-]+&code=\d{6}/)?.[0] ?? "";
  expect(mail.html).toContain(link.replace("&", "&amp;"));
  await page.goto(link);
  await expect(page.getByLabel("Code")).toHaveValue(CODE_SUBJECT.exec(mail.subject)?.[1] ?? "");
  expect(await countRows("user", "email", account.email)).toBe(0);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/dashboard");
  expect(await countRows("user", "email", account.email)).toBe(1);
  await context.close();
});

test("a code works once; five wrong tries void it, and asking again does not give them back; a new code replaces the old one", async ({
  request,
  browser,
}) => {
  const account = newAccount();
  const started = await startSignUpByRequest(request, account);
  const id = pendingId(started.headers().location);
  const code = await signUpCodeFor(account.email);
  const wrong = code === "000000" ? "111111" : "000000";
  const tryCode = (value: string) =>
    request.post("/confirm-sign-up", {
      headers: sameOrigin,
      form: { intent: "confirm", id, code: value },
      maxRedirects: 0,
    });

  for (let left = 4; left >= 1; left -= 1) {
    const answer = await tryCode(wrong);
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain(
      `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
    );
  }
  const fifth = await tryCode(wrong);
  expect(fifth.status()).toBe(400);
  expect(await fifth.text()).toContain("This code no longer works");
  // Void: even the right code does nothing now.
  expect((await tryCode(code)).status()).toBe(400);
  expect(await countRows("user", "email", account.email)).toBe(0);

  // Asking again from this browser gives no new tries: it waits until the void request expires.
  const retry = await request.post("/login", {
    headers: sameOrigin,
    form: { intent: "signup", ...account },
    maxRedirects: 0,
  });
  expect(retry.status()).toBe(429);
  expect(Number(retry.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  expect(await retry.text()).toContain("Too many wrong codes. Try again in 15 minutes.");

  // Another browser's request is its own: a new code; the old one stays dead, the new one works once.
  const other = await browser.newContext();
  const again = await startSignUpByRequest(other.request, account);
  const newId = pendingId(again.headers().location);
  const newCode = await signUpCodeFor(account.email, 2);
  const resent = await other.request.post("/confirm-sign-up", {
    headers: sameOrigin,
    form: { intent: "resend", id: newId },
  });
  expect(await resent.text()).toContain(`We sent a new code to ${account.email}.`);
  const latest = await signUpCodeFor(account.email, 3);
  const confirm = (value: string) =>
    other.request.post("/confirm-sign-up", {
      headers: sameOrigin,
      form: { intent: "confirm", id: newId, code: value },
      maxRedirects: 0,
    });
  if (newCode !== latest) expect((await confirm(newCode)).status()).toBe(400);
  expect((await confirm(latest)).status()).toBe(302);
  await other.close();
  // Used up: the same code from another browser does nothing.
  const elsewhere = await browser.newContext();
  const replay = await elsewhere.request.post("/confirm-sign-up", {
    headers: sameOrigin,
    form: { intent: "confirm", id: newId, code: latest },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(400);
  expect(await replay.text()).toContain("This code no longer works");
  await elsewhere.close();
  expect(await countRows("user", "email", account.email)).toBe(1);
});

test("200 wrong codes from one client, over 40 addresses, lock nobody out: the right code from the browser that asked signs in", async ({
  request,
  browser,
}) => {
  // 41 sign-ups, each a password hash and a mail.
  test.slow();
  const owner = newAccount();
  const ownerBrowser = await browser.newContext();
  const asked = await startSignUpByRequest(ownerBrowser.request, owner);

  // The attacker asks for 40 addresses' codes and sends 5 wrong ones each (the suite's per-IP budget is large).
  const guessAt = async (target: TestAccount) => {
    const started = await startSignUpByRequest(request, target);
    const wrong = (await signUpCodeFor(target.email)) === "000000" ? "111111" : "000000";
    const answers: string[] = [];
    for (let tries = 1; tries <= 5; tries += 1) {
      const answer = await request.post("/confirm-sign-up", {
        headers: sameOrigin,
        form: { intent: "confirm", id: pendingId(started.headers().location), code: wrong },
        maxRedirects: 0,
      });
      const text = await answer.text();
      const said = text.includes("That code is not right")
        ? "wrong"
        : text.includes("no longer works")
          ? "void"
          : "?";
      answers.push(`${answer.status()} ${said}`);
    }
    return answers;
  };
  // The first request sets the attacker's sign-up cookie; the others, side by side, carry it.
  const first = await guessAt(newAccount());
  const others = await Promise.all(Array.from({ length: 39 }, () => guessAt(newAccount())));
  const wrongFive = [...Array(4).fill("400 wrong"), "400 void"];
  expect([first, ...others]).toEqual(Array(40).fill(wrongFive));

  const confirmed = await ownerBrowser.request.post("/confirm-sign-up", {
    headers: sameOrigin,
    form: {
      intent: "confirm",
      id: pendingId(asked.headers().location),
      code: await signUpCodeFor(owner.email),
    },
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(302);
  expect(await countRows("user", "email", owner.email)).toBe(1);
  await ownerBrowser.close();
});

test("a taken address gets the same answer as a fresh one; only its owner is told, with nothing the requester typed", async ({
  request,
}) => {
  const owner = newAccount();
  await createAccount(owner);

  const fresh = await startSignUpByRequest(request, newAccount());
  const taken = await startSignUpByRequest(request, {
    name: "Mallory's paragraph: claim your prize",
    email: owner.email,
    password: "a password of mallory",
  });
  expect(taken.status()).toBe(fresh.status());
  const freshPage = await request.get(fresh.headers().location ?? "");
  const takenPage = await request.get(taken.headers().location ?? "");
  expect(takenPage.status()).toBe(freshPage.status());
  expect(await takenPage.text()).toContain("Check your inbox");

  const notice = await waitForMail(owner.email, ATTEMPT_SUBJECT);
  expect(`${notice.text}${notice.html}`).not.toMatch(/Mallory|prize/);
  // No code for it: the owner (made without a sign-up mail) has no code mail at all.
  expect((await mailsTo(owner.email)).filter((mail) => CODE_SUBJECT.test(mail.subject))).toHaveLength(0);
  const guess = await request.post("/confirm-sign-up", {
    headers: sameOrigin,
    form: { intent: "confirm", id: pendingId(taken.headers().location), code: "123456" },
    maxRedirects: 0,
  });
  expect(guess.status()).toBe(400);
  expect(await countRows("user", "email", owner.email)).toBe(1);
});
