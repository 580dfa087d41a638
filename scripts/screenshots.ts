/**
 * Screenshots of every page, light and dark, desktop (1280 px) and phone
 * (390 px), for looking at what we build. Needs a running server:
 *   npm start &  npm run screenshots -- [outDir] [page…]   (BASE_URL to point elsewhere)
 * e.g. `npm run screenshots -- docs/screenshots dashboard` for the README's.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, chromium, request as requestContext } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/fixtures/chromium.ts";

const baseURL = process.env.BASE_URL ?? "http://localhost:3000";
const origin = { Origin: new URL(baseURL).origin };
const [outDir = "test-results/screenshots", ...only] = process.argv.slice(2);
const pages = [
  { name: "home", path: "/" },
  { name: "login", path: "/login" },
  { name: "signup", path: "/login?mode=signup" },
  { name: "not-found", path: "/no/such/page" },
  { name: "home-signed-in", path: "/", signedIn: true },
  { name: "dashboard", path: "/dashboard", signedIn: true },
].filter((target) => only.length === 0 || only.includes(target.name));
const widths = [1280, 390];
const schemes = ["light", "dark"] as const;
const PHONE_USER_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** A new account, signed in in `request`, with some history: a phone signed in too, a mistyped password. */
async function signUpWithHistory(request: APIRequestContext) {
  const account = {
    name: "Ada Lovelace",
    email: `ada.lovelace+${randomUUID().slice(0, 8)}@example.com`,
    password: "correct horse battery",
  };
  await request.post("/login", { headers: origin, form: { intent: "signup", ...account } });
  const phone = await requestContext.newContext({ baseURL, userAgent: PHONE_USER_AGENT });
  const signIn = (password: string) =>
    phone.post("/login", { headers: origin, form: { intent: "signin", email: account.email, password } });
  await signIn("a mistyped password");
  await signIn(account.password);
  await phone.dispose();
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const width of widths) {
  for (const colorScheme of schemes) {
    const context = await browser.newContext({ baseURL, colorScheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    let signedIn = false;
    for (const target of pages) {
      if (target.signedIn && !signedIn) {
        await signUpWithHistory(context.request);
        signedIn = true;
      }
      await page.goto(target.path);
      const file = join(outDir, `${target.name}-${width}-${colorScheme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.info(file);
    }
    await context.close();
  }
}
await browser.close();
