/**
 * Screenshots of every page, light and dark, desktop (1280 px) and phone
 * (390 px), for looking at what we build. Needs a running server:
 *   npm start &  npm run screenshots -- [outDir]   (BASE_URL to point elsewhere)
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/fixtures/chromium.ts";

const baseURL = process.env.BASE_URL ?? "http://localhost:3000";
const outDir = process.argv[2] ?? "test-results/screenshots";
const pages = [
  { name: "home", path: "/" },
  { name: "login", path: "/login" },
  { name: "signup", path: "/login?mode=signup" },
  { name: "not-found", path: "/no/such/page" },
  { name: "home-signed-in", path: "/", signedIn: true },
  { name: "dashboard", path: "/dashboard", signedIn: true },
];
const widths = [1280, 390];
const schemes = ["light", "dark"] as const;

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const width of widths) {
  for (const colorScheme of schemes) {
    const context = await browser.newContext({ baseURL, colorScheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    let signedIn = false;
    for (const target of pages) {
      if (target.signedIn && !signedIn) {
        signedIn = true;
        await context.request.post("/login", {
          headers: { Origin: new URL(baseURL).origin },
          form: {
            intent: "signup",
            name: "Ada Lovelace",
            email: `ada-${randomUUID()}@example.com`,
            password: "correct horse battery",
          },
        });
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
