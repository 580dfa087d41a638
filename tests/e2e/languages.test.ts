import { type Browser, expect, type Page } from "@playwright/test";
import { newAccount, sameOrigin, signInByRequest, signUpByRequest } from "../fixtures/accounts";
import { APP_NAME, exactly } from "../fixtures/app-name";
import { inGerman, inGermanWith } from "../fixtures/catalogues";
import { waitForMail } from "../fixtures/mailbox";
import { waitForHydration } from "../fixtures/page-state";
import { PSEUDO_LOCALE } from "../fixtures/pseudo-locale";
import { loginInContext, sessionCookieOf, test } from "../fixtures/signed-in";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

/** Opens the header's language switch and picks a language by its own name. */
async function switchTo(page: Page, language: string) {
  await page.locator("header summary").click();
  await page.getByRole("button", { name: language, exact: true }).click();
}

/** A browser whose languages are `languages` (its `Accept-Language`). */
const browserIn = (browser: Browser, languages: string, javaScriptEnabled = true) =>
  browser.newContext({ locale: languages, javaScriptEnabled });

test("a German browser's pages say so: <html lang>, Content-Language, and only German scripts", async ({
  browser,
}) => {
  const context = await browserIn(browser, "de-DE");
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ["/", "/login", "/no/such/page"]) {
    const response = await page.goto(path);
    expect(response?.headers()["content-language"], path).toBe("de");
    expect(response?.headers().vary, path).toContain("Accept-Language");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await waitForHydration(page);
  }
  // Every script came from the German copy, which holds the skip link's German words and not its English ones.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => !path.startsWith("/assets/de/"))).toEqual([]);
  const code = await Promise.all(scripts.map((path) => page.request.get(path).then((r) => r.text())));
  expect(code.some((each) => each.includes(inGerman("Skip to content")))).toBe(true);
  expect(code.some((each) => each.includes("Skip to content"))).toBe(false);
  await context.close();
});

test("switching to English keeps the page, and the choice survives a reload", async ({ browser }) => {
  const context = await browserIn(browser, "de");
  const page = await context.newPage();
  await page.goto("/login?mode=signup");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await switchTo(page, "English");
  await expect(page).toHaveURL("/login?mode=signup");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The browser's languages still say German: the choice is what counts.
  expect(await page.evaluate(() => navigator.language)).toBe("de");
  await context.close();
});

test("after client navigations, the switch comes back to the page the browser is on", async ({ browser }) => {
  const context = await browserIn(browser, "en-US");
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login");
  await switchTo(page, "Deutsch");
  await expect(page).toHaveURL("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await context.close();
});

test("the switch works without JavaScript", async ({ browser }) => {
  const context = await browserIn(browser, "en-US", false);
  const page = await context.newPage();
  await page.goto("/forgot-password");
  await switchTo(page, "Deutsch");
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await context.close();
});

test("a signed-in person's choice is kept on their account: another browser opens in it", async ({
  page,
  browser,
}) => {
  const signedIn = await loginInContext(page.context(), newAccount());
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await switchTo(page, "Deutsch");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  // Another device, in English, signed in as the same person (their session, not this browser's cookie
  // of the choice): their choice wins over its languages.
  const elsewhere = await browserIn(browser, "en-US");
  await elsewhere.addCookies([sessionCookieOf(signedIn)]);
  const other = await elsewhere.newPage();
  const scripts: string[] = [];
  other.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const response = await other.goto("/dashboard");
  expect(response?.headers()["content-language"]).toBe("de");
  await expect(other.locator("html")).toHaveAttribute("lang", "de");
  // The page's scripts speak German too, so the page stays German once they have run.
  await waitForHydration(other);
  await expect(other.getByRole("link", { name: inGerman("Skip to content") })).toBeAttached();
  await expect(other.getByRole("link", { name: "Skip to content" })).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => !path.startsWith("/assets/de/"))).toEqual([]);
  await elsewhere.close();
});

test("a signed-in person who picks German gets the sign-in notice mail in German, from any browser", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  await signUpByRequest(page.request, account);
  await page.goto("/dashboard");
  await waitForHydration(page);
  await switchTo(page, "Deutsch");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  // A new browser, in English, signs in: the notice speaks the account's language, not the browser's.
  const firefox = await browser.newContext({ userAgent: FIREFOX, locale: "en-US" });
  await signInByRequest(firefox.request, account);
  const subject = inGermanWith("New sign-in to {appName}", { appName: APP_NAME });
  const mail = await waitForMail(account.email, exactly(subject));
  expect(mail.text).toContain(inGermanWith("Hello {name},", { name: account.name }));
  expect(mail.html).toContain('<html lang="de"');
  await firefox.close();
});

test("a guest's page in each language is one copy, served like a file", async ({ request }) => {
  const get = (languages: string) => request.get("/", { headers: { "Accept-Language": languages } });
  const [german, germanAgain, english] = await Promise.all([get("de"), get("de-AT,de;q=0.9"), get("en")]);
  expect(german.headers().etag).toBeTruthy();
  expect(germanAgain.headers().etag).toBe(german.headers().etag);
  expect(english.headers().etag).not.toBe(german.headers().etag);
  expect([german.headers()["content-language"], english.headers()["content-language"]]).toEqual(["de", "en"]);
  expect(await german.text()).toContain('<html lang="de"');
});

test("a language the product does not speak is refused with a short answer, and nothing is set", async ({
  request,
}) => {
  const refused = await request.post("/language", {
    headers: sameOrigin,
    form: { locale: "xx", redirect: "/login" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(refused.headers()["set-cookie"]).toBeUndefined();
  expect((await refused.json()).error).toBeTruthy();
  // Off-site return addresses go home, and another site cannot post here.
  const offSite = await request.post("/language", {
    headers: sameOrigin,
    form: { locale: "de", redirect: "//evil.example" },
    maxRedirects: 0,
  });
  expect(offSite.status()).toBe(303);
  expect(offSite.headers().location).toBe("/");
  expect(offSite.headers()["set-cookie"]).toMatch(/^lang=de;.*HttpOnly; SameSite=Lax/);
  const crossSite = await request.post("/language", {
    headers: { Origin: "https://evil.example" },
    form: { locale: "de" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
});

test("at 360 px wide, the header and the pages fit the screen in German and in the pseudo-locale", async ({
  browser,
}) => {
  for (const language of ["de", PSEUDO_LOCALE]) {
    const context = await browser.newContext({ locale: language, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const path of ["/", "/login", "/dashboard"]) {
      if (path === "/dashboard") await loginInContext(context);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // Every control of the header is still there, named: the product's name for screen readers.
      await expect(page.getByRole("banner").getByRole("link", { name: APP_NAME })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} in ${language}`,
      ).toBeLessThanOrEqual(360);
    }
    await context.close();
  }
});
