import { Hono } from "hono";
import { expect, test } from "vitest";
import { preferAccountLocale } from "~/i18n/locale.server";
import { locale } from "~/i18n/runtime";
import type { EdgeEnv } from "./edge-env";
import { requestLocale, speakingRequestLocale } from "./request-locale";

const app = new Hono<EdgeEnv>();
app.use(requestLocale);
app.get("/file", (c) => c.json({ chosen: c.get("localeScope").locale, speaking: locale() }));
app.use(speakingRequestLocale);
app.get("/page", (c) => c.html(`<p>${locale()}</p>`));
app.get("/account-page", async (c) => {
  await Promise.resolve();
  preferAccountLocale("en");
  return c.html(`<p>${locale()}</p>`);
});

const german = { headers: { "Accept-Language": "de-AT,de;q=0.9,en;q=0.5" } };

test("what writes words speaks the browser's language, and the page says which", async () => {
  const page = await app.request("/page", german);
  expect(await page.text()).toBe("<p>de</p>");
  expect(page.headers.get("Content-Language")).toBe("de");
  expect(page.headers.get("Vary")).toContain("Accept-Language");
});

test("an account's saved language, applied during the request, wins and is what the page says", async () => {
  const page = await app.request("/account-page", german);
  expect(await page.text()).toBe("<p>en</p>");
  expect(page.headers.get("Content-Language")).toBe("en");
});

test("before the speaking part, the language is chosen but nothing speaks it, and JSON gets no Content-Language", async () => {
  const file = await app.request("/file", german);
  expect(await file.json()).toEqual({ chosen: "de", speaking: "en" });
  expect(file.headers.get("Content-Language")).toBeNull();
});
