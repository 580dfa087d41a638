/**
 * Screenshots of every page, light and dark, desktop (1280 px) and phone
 * (390 px), for looking at what we build. Needs a running server:
 *   npm start &  npm run screenshots -- [outDir] [page…]   (BASE_URL to point elsewhere)
 * e.g. `npm run screenshots -- docs/screenshots dashboard check-inbox` for the ones in
 * docs/dashboard.md and docs/accounts.md.
 * The pages behind mailed links take their links from the server's outbox
 * (`OUTBOX_DIR`, default `data/outbox`: a server started without `SMTP_URL`).
 * Two-step sign-in's states (`two-factor-…`, `second-step…`) are driven in
 * the browser: a new account turns it on, a second browser sends its password.
 * Teams' pages (`teams…`, `team-…`) too: a team, a member who joined, an invitation.
 * The admin console's (`admin-…`) need the server started with `ADMIN_EMAILS` listing
 * `ADMIN_EMAIL` (default admin@example.com) on a fresh `DATA_DIR`: that address signs up,
 * sees the page that asks for two-step sign-in, turns it on, then acts on two accounts.
 * The admin console's support sign-in (`support-banner`): an account made an
 * administrator straight in the server's SQLite database (`DATA_DIR`, default
 * `data`), with an authenticator row, signs in as another for support.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/fixtures/chromium.ts";
import { signUpWithHistory } from "./screenshots/accounts.ts";
import { ADMIN_STATES, adminStates, supportBanner } from "./screenshots/admin-states.ts";
import { mailedPages, type Target } from "./screenshots/mailed-pages.ts";
import { baseURL } from "./screenshots/server.ts";
import { TEAM_STATES, teamStates } from "./screenshots/team-states.ts";
import { TWO_FACTOR_STATES, twoFactorStates } from "./screenshots/two-factor-states.ts";

const [outDir = "test-results/screenshots", ...only] = process.argv.slice(2);
/** Whether the command line asks for the page `name` (no names: every page). */
const wanted = (name: string) => only.length === 0 || only.includes(name);

const pages: Target[] = [
  { name: "home", path: "/" },
  { name: "login", path: "/login" },
  { name: "signup", path: "/login?mode=signup" },
  { name: "not-found", path: "/no/such/page" },
  { name: "forgot-password", path: "/forgot-password" },
  { name: "link-expired", path: "/reset-password?token=no-longer-valid-token" },
  { name: "code-expired", path: "/confirm-sign-up?id=no-longer-valid" },
  ...(await mailedPages()),
  { name: "home-signed-in", path: "/", signedIn: true },
  { name: "dashboard", path: "/dashboard", signedIn: true },
].filter((target) => wanted(target.name));
const widths = [1280, 390];
const schemes = ["light", "dark"] as const;
const locale = process.env.SCREENSHOT_LOCALE;
const rightToLeft = process.env.SCREENSHOT_DIR === "rtl";
/** A file's name: the page, then its language and direction when not the default. */
const fileName = (name: string, width: number, colorScheme: string) =>
  `${[name, locale, rightToLeft ? "rtl" : undefined].filter(Boolean).join("-")}-${width}-${colorScheme}.png`;
/** Right to left, when asked, on the page as it is now. */
const direct = (page: Page) =>
  rightToLeft ? page.evaluate(() => document.documentElement.setAttribute("dir", "rtl")) : Promise.resolve();

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const width of widths) {
  for (const colorScheme of schemes) {
    const newContext = () =>
      browser.newContext({
        baseURL,
        colorScheme,
        viewport: { width, height: 900 },
        ...(locale ? { locale } : {}),
      });
    /** `fullPage: false` for what sits at the top of a page shot already (the support sign-in's banner). */
    const shoot = async (page: Page, name: string, fullPage = true) => {
      const file = join(outDir, fileName(name, width, colorScheme));
      await direct(page);
      await page.screenshot({ path: file, fullPage });
      console.info(file);
    };
    const context = await newContext();
    const page = await context.newPage();
    let signedIn = false;
    for (const target of pages) {
      if (target.signedIn && !signedIn) {
        // A mailed page's browser may hold another account's session: /login is for guests only.
        await context.clearCookies();
        await signUpWithHistory(context.request);
        signedIn = true;
      }
      if (target.cookies) await context.addCookies(target.cookies);
      await page.goto(target.path);
      await shoot(page, target.name);
    }
    await context.close();
    if (TWO_FACTOR_STATES.some(wanted)) {
      const twoFactor = await newContext();
      await twoFactorStates(await twoFactor.newPage(), newContext, async (shown, state) => {
        if (wanted(state)) await shoot(shown, state);
      });
      await twoFactor.close();
    }
    if (wanted("support-banner")) {
      const support = await newContext();
      const supportPage = await support.newPage();
      await supportBanner(supportPage);
      await shoot(supportPage, "support-banner", false);
      await support.close();
    }
    if (TEAM_STATES.some(wanted)) {
      const teams = await newContext();
      await teamStates(await teams.newPage(), newContext, async (shown, state) => {
        if (wanted(state)) await shoot(shown, state);
      });
      await teams.close();
    }
  }
}
if (ADMIN_STATES.some(wanted)) {
  const administrator = await browser.newContext({ baseURL });
  await adminStates(await administrator.newPage(), async (state, path) => {
    if (!wanted(state)) return;
    const { cookies } = await administrator.storageState();
    for (const width of widths) {
      for (const colorScheme of schemes) {
        const context = await browser.newContext({
          baseURL,
          colorScheme,
          viewport: { width, height: 900 },
          ...(locale ? { locale } : {}),
        });
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(path);
        const file = join(outDir, fileName(state, width, colorScheme));
        await direct(page);
        await page.screenshot({ path: file, fullPage: true });
        console.info(file);
        await context.close();
      }
    }
  });
  await administrator.close();
}
await browser.close();
