import { type APIRequestContext, expect } from "@playwright/test";
import { newAccount, sameOrigin, signUpByRequest } from "../fixtures/accounts";
import { expireSession } from "../fixtures/database";
import { test } from "../fixtures/signed-in";

const SESSION = "/api/_auth/session";

async function sessionCookie(request: APIRequestContext) {
  const { cookies } = await request.storageState();
  const cookie = cookies.find((c) => c.name.endsWith("session_token"));
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** GET the session with exactly this Cookie header (no cookie jar). */
async function sessionWithCookie(request: APIRequestContext, cookieHeader: string) {
  const response = await request.get(SESSION, { headers: { Cookie: cookieHeader } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  return response.json();
}

test("a guest gets {}", async ({ request }) => {
  const response = await request.get(SESSION, { headers: { Accept: "application/json" } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({});
});

test("a signed-in visitor gets their user and when they signed in", async ({ request }) => {
  const account = newAccount();
  const before = Date.now();
  const signUp = await signUpByRequest(request, account);

  const setCookie = signUp.headersArray().find((h) => h.name.toLowerCase() === "set-cookie")?.value ?? "";
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Path=\//i);

  const body = await (await request.get(SESSION)).json();
  expect(body).toEqual({
    user: { id: expect.any(String), name: account.name, email: account.email },
    loggedInAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
  });
  expect(Date.parse(body.loggedInAt)).toBeGreaterThanOrEqual(before - 1000);
  const cookie = await sessionCookie(request);
  expect(cookie.value).not.toContain(body.user.id);
});

test("a tampered, truncated or foreign cookie is simply signed out", async ({ loginRequest }) => {
  const { request } = await loginRequest(newAccount());
  const { name, value } = await sessionCookie(request);
  const decoded = decodeURIComponent(value);
  const [token = "", signature = ""] = decoded.split(".");
  const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
  const variants = [
    `${flip(token)}.${signature}`,
    `${token}.${flip(signature)}`,
    decoded.slice(0, -5),
    token,
    "",
    "%%%",
    "x".repeat(4000),
  ];
  expect(await sessionWithCookie(request, `${name}=${value}`)).toHaveProperty("user");
  for (const variant of variants) {
    expect(await sessionWithCookie(request, `${name}=${encodeURIComponent(variant)}`)).toEqual({});
  }
});

test("an expired session is signed out", async ({ loginRequest }) => {
  const { request } = await loginRequest(newAccount());
  const { name, value } = await sessionCookie(request);
  const token = decodeURIComponent(value).split(".")[0];
  expect(await expireSession(token ?? "")).toBe(1);
  expect(await sessionWithCookie(request, `${name}=${value}`)).toEqual({});
});

test("DELETE signs out on the server, clears the cookie, and is idempotent", async ({ loginRequest }) => {
  const { request } = await loginRequest(newAccount());
  const { name, value } = await sessionCookie(request);

  const response = await request.delete(SESSION, { headers: sameOrigin });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ loggedOut: true });
  const cleared = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
  expect(cleared.some((h) => h.value.startsWith(`${name}=;`) && /Max-Age=0/i.test(h.value))).toBe(true);

  // Replaying the old cookie proves the session was revoked, not just forgotten.
  expect(await sessionWithCookie(request, `${name}=${value}`)).toEqual({});

  const again = await request.delete(SESSION, { headers: sameOrigin });
  expect(again.status()).toBe(200);
  expect(await again.json()).toEqual({ loggedOut: true });
});

test("DELETE from another site is refused and signs nobody out", async ({ loginRequest }) => {
  const { request } = await loginRequest(newAccount());
  const response = await request.delete(SESSION, { headers: { Origin: "https://evil.example" } });
  expect(response.status()).toBe(403);
  expect(await (await request.get(SESSION)).json()).toHaveProperty("user");
});

test("every sign-in gets a new session id (no fixation)", async ({ request }) => {
  const account = newAccount();
  await signUpByRequest(request, account);
  const first = await sessionCookie(request);
  await request.delete(SESSION, { headers: sameOrigin });
  const response = await request.post("/login", {
    headers: sameOrigin,
    form: { intent: "signin", email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const second = await sessionCookie(request);
  expect(second.value).not.toBe(first.value);
  expect(await (await request.get(SESSION)).json()).toHaveProperty("user.email", account.email);
});

test("a browser still holding an ended session's cookie is signed in by its next sign-in", async ({
  request,
}) => {
  const account = newAccount();
  await signUpByRequest(request, account);
  const { value } = await sessionCookie(request);
  expect(await expireSession(decodeURIComponent(value).split(".")[0] ?? "")).toBe(1);
  // The form's post carries the dead cookie: the new session's cookie must outlive its clearing.
  const signedIn = await request.post("/login", {
    headers: sameOrigin,
    form: { intent: "signin", email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  expect((await (await request.get(SESSION)).json()).user?.email).toBe(account.email);
});
