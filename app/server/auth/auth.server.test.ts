import { describe, expect, test } from "vitest";
import { createLogger } from "../../../server/request-log";
import { migrateToLatest, openDatabase } from "../db/database.server";
import { createAuth, sessionCookieName } from "./auth.server";

async function signUpCookie(appUrl: string) {
  const db = openDatabase(":memory:");
  await migrateToLatest(db.kysely);
  const auth = createAuth({
    env: { APP_URL: appUrl, APP_NAME: "Test", isHttps: appUrl.startsWith("https:"), providers: {} },
    kysely: db.kysely,
    secret: "s".repeat(43),
  });
  const { headers } = await auth.api.signUpEmail({
    body: { name: "Ada", email: "ada@example.com", password: "correct horse" },
    headers: new Headers({ origin: appUrl }),
    returnHeaders: true,
  });
  const cookie = headers.getSetCookie().find((value) => value.includes("session_token")) ?? "";
  const name = await sessionCookieName(auth);
  await db.close();
  return { cookie, name };
}

describe("the session cookie", () => {
  test("over HTTPS: __Secure- prefix, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain", async () => {
    const { cookie, name } = await signUpCookie("https://app.example.com");
    expect(name).toBe("__Secure-better-auth.session_token");
    expect(cookie.startsWith(`${name}=`)).toBe(true);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Domain=/i);
  });

  test("over plain HTTP (local development): not Secure, otherwise the same", async () => {
    const { cookie } = await signUpCookie("http://localhost:3000");
    expect(cookie.startsWith("better-auth.session_token=")).toBe(true);
    expect(cookie).not.toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
  });

  test("holds a signed token, never the user id", async () => {
    const { cookie } = await signUpCookie("http://localhost:3000");
    const value = decodeURIComponent(cookie.split(";")[0]?.split("=").slice(1).join("=") ?? "");
    expect(value).toMatch(/^[A-Za-z0-9]+\.[A-Za-z0-9+/=_-]+$/);
  });
});

test("better-auth's messages reach the app's log as one JSON object per line, attacker text escaped", async () => {
  const lines: string[] = [];
  const db = openDatabase(":memory:");
  await migrateToLatest(db.kysely);
  const auth = createAuth({
    env: {
      APP_URL: "http://localhost:3000",
      APP_NAME: "Test",
      isHttps: false,
      providers: { github: { clientId: "id", clientSecret: "secret" } },
    },
    kysely: db.kysely,
    secret: "s".repeat(43),
    log: createLogger("info", (line) => lines.push(line)),
  });
  const forged = '{"level":"info","msg":"request","path":"/forged"}';
  // What better-auth's origin check writes for a refused callbackURL (attacker text included).
  const { logger } = await auth.$context;
  logger.error(`Invalid callbackURL: https://evil.example/\n${forged}`);
  logger.error("State not found", undefined);
  const written = lines.join("");
  expect(written.split("\n").filter(Boolean).length).toBe(lines.length);
  expect(lines.length).toBeGreaterThan(0);
  const records = lines.map((line) => JSON.parse(line) as { level: string; msg: string });
  expect(records.some((record) => record.msg.includes(`\n${forged}`))).toBe(true);
  expect(records.every((record) => record.msg.startsWith("better-auth: "))).toBe(true);
  await db.close();
});
