/**
 * Screenshots of every page, light and dark, desktop (1280 px) and phone
 * (390 px), for looking at what we build. Needs a running server:
 *   npm start &  npm run screenshots -- [outDir] [page…]   (BASE_URL to point elsewhere)
 * e.g. `npm run screenshots -- docs/screenshots dashboard` for the README's.
 * The pages behind mailed links take their links from the server's outbox
 * (`OUTBOX_DIR`, default `data/outbox`: a server started without `SMTP_URL`).
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, chromium, request as requestContext } from "@playwright/test";
import { simpleParser } from "mailparser";
import { chromiumArgs, chromiumPath } from "../tests/fixtures/chromium.ts";

const baseURL = process.env.BASE_URL ?? "http://localhost:3000";
const origin = { Origin: new URL(baseURL).origin };
const outboxDir = process.env.OUTBOX_DIR ?? "data/outbox";
const [outDir = "test-results/screenshots", ...only] = process.argv.slice(2);
const FIREFOX_USER_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

/**
 * Links of the mails a new account gets (verification; a reset and a
 * new-device notice, asked for here), read from the outbox. Opening them
 * uses nothing up: only their forms do.
 */
async function mailedLinks(): Promise<Record<string, string>> {
  const inOutbox = () => (existsSync(outboxDir) ? readdirSync(outboxDir) : []);
  const seen = new Set(inOutbox());
  const account = {
    name: "Ada Lovelace",
    email: `ada+${randomUUID().slice(0, 8)}@example.com`,
    password: "correct horse battery",
  };
  const guest = await requestContext.newContext({ baseURL });
  await guest.post("/login", { headers: origin, form: { intent: "signup", ...account } });
  const other = await requestContext.newContext({ baseURL, userAgent: FIREFOX_USER_AGENT });
  await other.post("/login", { headers: origin, form: { intent: "signin", ...account } });
  const stranger = await requestContext.newContext({ baseURL });
  await stranger.post("/forgot-password", { headers: origin, form: { email: account.email } });
  await Promise.all([guest.dispose(), other.dispose(), stranger.dispose()]);
  const links: Record<string, string> = {};
  for (let attempt = 0; attempt < 50 && Object.keys(links).length < 3; attempt += 1) {
    for (const file of inOutbox().filter((name) => !seen.has(name))) {
      const text = (await simpleParser(readFileSync(join(outboxDir, file)))).text ?? "";
      const link = text.match(/https?:\/\/\S+\/([a-z-]+)\?token=[\w-]+/);
      if (link?.[1]) links[link[1]] = new URL(link[0]).pathname + new URL(link[0]).search;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  if (Object.keys(links).length < 3)
    console.warn(`No mails in ${outboxDir}: the pages behind mailed links are left out.`);
  return links;
}

const links = await mailedLinks();
const pages: { name: string; path: string; signedIn?: boolean }[] = [
  { name: "home", path: "/" },
  { name: "login", path: "/login" },
  { name: "signup", path: "/login?mode=signup" },
  { name: "not-found", path: "/no/such/page" },
  { name: "forgot-password", path: "/forgot-password" },
  { name: "link-expired", path: "/reset-password?token=no-longer-valid-token" },
  ...["reset-password", "verify-email", "sign-out-everywhere"].flatMap((name) =>
    links[name] ? [{ name, path: links[name] }] : [],
  ),
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
