import { type APIRequestContext, expect, test } from "@playwright/test";
import { FEATURES } from "../../app/features/registry";
import { baseURL } from "../../playwright.config";
import { confirmSignUpByRequest, newAccount, sameOrigin, startSignUpByRequest } from "../fixtures/accounts";
import { rawRequest } from "../fixtures/raw-http";

/**
 * The bad-input corpus: malformed, oversized and hostile requests
 * against the production server. Each answer must be a 4xx (or the documented
 * safe answer), never a 5xx, a stack trace or a hang, and the server must be
 * healthy afterwards.
 */
type Answer = { status: number; body: string; headers: Record<string, string> };
type Case = {
  name: string;
  send: (request: APIRequestContext) => Promise<Answer>;
  /** The expected status, or any 4xx when absent. */
  status?: number | number[];
  /** Extra checks on the answer. */
  check?: (answer: Answer) => void;
};

const port = Number(new URL(baseURL).port);

/** A feature's own doors answer only while it is listed (app/features/registry.ts). */
const whileListed = (feature: string, featureCases: Case[]) =>
  FEATURES.includes(feature) ? featureCases : [];
const origin = sameOrigin.Origin;
const form = "application/x-www-form-urlencoded";

async function answer(response: import("@playwright/test").APIResponse): Promise<Answer> {
  return { status: response.status(), body: await response.text(), headers: response.headers() };
}

async function raw(bytes: string | Buffer, endAfterWrite = false): Promise<Answer> {
  const { status, head, body } = await rawRequest(port, bytes, { endAfterWrite });
  const headers = Object.fromEntries(
    head
      .split("\r\n")
      .slice(1)
      .map((line) => [
        line.slice(0, line.indexOf(":")).toLowerCase(),
        line.slice(line.indexOf(":") + 1).trim(),
      ]),
  );
  return { status, body, headers };
}

const post =
  (path: string, body: string, contentType: string | null = form, headers: Record<string, string> = {}) =>
  async (request: APIRequestContext) =>
    answer(
      await request.post(path, {
        headers: { Origin: origin, ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
        data: body,
        maxRedirects: 0,
      }),
    );

const signUpWith = (fields: Record<string, string>) =>
  post("/login", new URLSearchParams({ intent: "signup", ...fields }).toString());

/** Creates an account email first, `redirect` given at the start; answers the code's post, which redirects. */
const signUpRedirectingTo = (redirect: string) => async (request: APIRequestContext) => {
  const account = newAccount();
  const started = await startSignUpByRequest(request, account, { redirect });
  return answer(await confirmSignUpByRequest(request, started, account.email));
};

const signInWith = (fields: Record<string, string>) =>
  post("/login", new URLSearchParams({ intent: "signin", ...fields }).toString());

const session = (cookie: string) => async (request: APIRequestContext) =>
  answer(await request.get("/api/_auth/session", { headers: { Cookie: cookie } }));

const get = (path: string) => async (request: APIRequestContext) =>
  answer(await request.get(path, { maxRedirects: 0 }));

const rawGet =
  (path: string, extraHeaders = "") =>
  () =>
    raw(`GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\n${extraHeaders}Connection: close\r\n\r\n`);

const signedOut = (a: Answer) => expect(JSON.parse(a.body)).toEqual({});
const noFileContents = (a: Answer) => {
  expect(a.body).not.toContain('"name": "react-starter"');
  expect(a.body).not.toContain("root:x:0:0");
  expect(a.body).not.toContain("createServerApp");
};
const redirectsHome = (a: Answer) => {
  expect(a.headers.location).toBe("/dashboard");
  expect(a.headers["set-cookie"] ?? "").not.toContain("x=y");
};

const validSignUp = () => {
  const { name, email, password } = newAccount();
  return { name, email, password };
};

const cases: Case[] = [
  // Sizes and lying bodies
  {
    name: "a 100 KB form",
    send: post("/login", `intent=signin&email=a@b.co&password=${"x".repeat(100_000)}`),
    status: 413,
  },
  {
    name: "a 1 MiB password",
    send: signInWith({ email: "a@example.com", password: "p".repeat(1 << 20) }),
    status: 413,
  },
  {
    name: "a 200 KB JSON body to the API",
    send: post(
      "/api/auth/passkey/verify-authentication",
      JSON.stringify({ email: "a".repeat(200_000) }),
      "application/json",
    ),
    status: 413,
  },
  {
    name: "a body shorter than its Content-Length",
    send: () =>
      raw(
        `POST /login HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${origin}\r\nContent-Type: ${form}\r\nContent-Length: 1000\r\n\r\nintent=signin`,
        true,
      ),
  },
  {
    name: "a body longer than its Content-Length",
    send: () =>
      raw(
        `POST /login HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${origin}\r\nContent-Type: ${form}\r\nContent-Length: 5\r\nConnection: close\r\n\r\nintent=signin&email=a@b.co&password=12345678`,
      ),
  },
  {
    name: "Content-Length and Transfer-Encoding together (smuggling)",
    send: () =>
      raw(
        `POST /login HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
      ),
    status: 400,
  },
  {
    name: "broken chunked encoding",
    send: () =>
      raw(
        `POST /login HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${origin}\r\nContent-Type: ${form}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nintent\r\n0\r\n\r\n`,
      ),
    status: 400,
  },
  { name: "an empty form", send: post("/login", ""), status: 400 },
  // Content types
  { name: "a text/plain post", send: post("/login", "intent=signin", "text/plain"), status: 415 },
  {
    name: "a JSON post to a page",
    send: post("/login", '{"intent":"signin"}', "application/json"),
    status: 415,
  },
  { name: "an XML post", send: post("/login", "<x/>", "application/xml"), status: 415 },
  { name: "a body without a content type", send: post("/login", "intent=signin", null), status: 415 },
  {
    name: "a DELETE with a text body",
    send: (r) =>
      r
        .delete("/api/_auth/session", {
          headers: { Origin: origin, "Content-Type": "text/plain" },
          data: "bye",
        })
        .then(answer),
    status: 415,
  },
  {
    name: "multipart without its boundary",
    send: post("/login", "--x\r\n\r\nintent=signin", "multipart/form-data"),
    status: 400,
  },
  {
    name: "multipart with a broken body",
    send: post("/login", "garbage", "multipart/form-data; boundary=abc"),
    status: 400,
  },
  // JSON
  {
    name: "a JSON nesting bomb",
    send: post(
      "/api/auth/passkey/verify-authentication",
      `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
      "application/json",
    ),
  },
  {
    name: "malformed JSON",
    send: post("/api/auth/passkey/verify-authentication", '{"email": "a@example.com", ', "application/json"),
  },
  {
    name: "JSON with __proto__",
    send: post(
      "/api/auth/passkey/verify-authentication",
      '{"__proto__": {"admin": true}, "email": 1}',
      "application/json",
    ),
  },
  // The doors into better-auth that stay open: type confusion and NUL never reach the database
  ...whileListed("passkeys", [
    {
      name: "a passkey answer whose credential id is an object",
      send: post(
        "/api/auth/passkey/verify-authentication",
        '{"response": {"id": {"$gt": ""}}}',
        "application/json",
      ),
      status: 400,
    },
    {
      name: "a passkey answer whose credential id is an array",
      send: post(
        "/api/auth/passkey/verify-authentication",
        '{"response": {"id": ["a", "b"]}}',
        "application/json",
      ),
      status: 400,
    },
    {
      name: "a NUL in a passkey answer",
      send: post(
        "/api/auth/passkey/verify-authentication",
        '{"response": {"id": "a\\u0000b"}}',
        "application/json",
      ),
      status: 400,
    },
  ]),
  ...whileListed("sign-in-providers", [
    {
      name: "a NUL in a provider callback's state",
      send: get("/api/auth/callback/oidc?code=c&state=a%00b"),
      status: 400,
    },
  ]),
  {
    name: "a closed better-auth endpoint, however its type is spelled",
    send: post("/api/auth/update-user", '{"name": {"a": 1}}', "Application/JSON"),
    status: 404,
  },
  // Form fields: pollution, confusion, control characters
  {
    name: "prototype-pollution keys",
    send: post("/login", "intent=signup&__proto__[admin]=1&constructor[prototype][admin]=1"),
    status: 400,
  },
  {
    name: "pollution keys beside a valid sign-up are ignored",
    send: (r) => signUpWith({ ...validSignUp(), "__proto__[admin]": "1" })(r),
    status: 302,
  },
  {
    name: "a repeated email field",
    send: post("/login", "intent=signin&email=x&email=a@example.com&password=long-enough"),
    status: 400,
  },
  {
    name: "an unknown intent",
    send: post("/login", "intent=drop-tables&email=a@example.com&password=long-enough"),
    status: 401,
  },
  {
    name: "a 10 000-character name",
    send: signUpWith({ ...validSignUp(), name: "n".repeat(10_000) }),
    status: 400,
  },
  {
    name: "a NUL in the name",
    send: signUpWith({ ...validSignUp(), name: "Ada\u0000Lovelace" }),
    status: 400,
  },
  {
    name: "CRLF in the name",
    send: signUpWith({ ...validSignUp(), name: "Ada\r\nSet-Cookie: x=y" }),
    status: 400,
  },
  {
    name: "CRLF in the email",
    send: signInWith({ email: "a@example.com\r\nBcc: x@evil.example", password: "long-enough" }),
    status: 400,
  },
  {
    name: "a NUL in the password",
    send: signInWith({ email: newAccount().email, password: "pass\u0000word" }),
    status: 401,
  },
  {
    name: "a 129-character password at sign-up",
    send: signUpWith({ ...validSignUp(), password: "p".repeat(129) }),
    status: 400,
  },
  {
    name: "a 7-character password at sign-up",
    send: signUpWith({ ...validSignUp(), password: "p".repeat(7) }),
    status: 400,
  },
  // Unicode in email
  {
    name: "a full-width email",
    send: signInWith({ email: "ａｄａ@example.com", password: "long-enough" }),
    status: 400,
  },
  {
    name: "a right-to-left override in the email",
    send: signInWith({ email: "\u202eada@example.com", password: "long-enough" }),
    status: 400,
  },
  {
    name: "a zero-width space in the email",
    send: signInWith({ email: "ada\u200b@example.com", password: "long-enough" }),
    status: 400,
  },
  {
    name: "an email without a domain dot",
    send: signInWith({ email: "a@b", password: "long-enough" }),
    status: 400,
  },
  {
    name: "a 300-character email",
    send: signInWith({ email: `${"a".repeat(290)}@example.com`, password: "long-enough" }),
    status: 400,
  },
  {
    name: "an emoji email",
    send: signInWith({ email: "🙂@example.com", password: "long-enough" }),
    status: 400,
  },
  // Session cookies: the safe answer is 200 {}
  {
    name: "an empty session cookie",
    send: session("better-auth.session_token="),
    status: 200,
    check: signedOut,
  },
  {
    name: "a truncated session cookie",
    send: session("better-auth.session_token=abc.de"),
    status: 200,
    check: signedOut,
  },
  {
    name: "a bit-flipped session cookie",
    send: session(
      `better-auth.session_token=${encodeURIComponent("Zym7E2PZswSnLGN7j4lWeSLWrAV3E4vU.217u7RPIIdo8wukyGMRhOYiYQILK9ao9vGhU60SlL3g=")}`,
    ),
    status: 200,
    check: signedOut,
  },
  {
    name: "a foreign app's cookie",
    send: session("connect.sid=s%3Aabc.def; _ga=GA1.2.3"),
    status: 200,
    check: signedOut,
  },
  {
    name: "duplicated session cookies",
    send: session("better-auth.session_token=a.b; better-auth.session_token=c.d"),
    status: 200,
    check: signedOut,
  },
  {
    name: "an 8 KB session cookie",
    send: session(`better-auth.session_token=${"A".repeat(8000)}`),
    status: 200,
    check: signedOut,
  },
  {
    name: "a session cookie with NUL and %-junk",
    send: session("better-auth.session_token=%00%ZZ%"),
    status: 200,
    check: signedOut,
  },
  {
    name: "a 20 KB cookie header",
    send: rawGet("/api/_auth/session", `Cookie: a=${"b".repeat(20_000)}\r\n`),
    status: 431,
  },
  // Redirect payloads
  {
    name: "redirect to //evil.example",
    send: signUpRedirectingTo("//evil.example"),
    status: 302,
    check: redirectsHome,
  },
  {
    name: "redirect to /\\evil.example",
    send: signUpRedirectingTo("/\\evil.example"),
    status: 302,
    check: redirectsHome,
  },
  {
    name: "redirect to javascript:",
    send: signUpRedirectingTo("javascript:alert(1)"),
    status: 302,
    check: redirectsHome,
  },
  {
    name: "redirect to @evil.example",
    send: signUpRedirectingTo("@evil.example"),
    status: 302,
    check: redirectsHome,
  },
  {
    name: "redirect with CRLF header injection",
    send: signUpRedirectingTo("/\r\nSet-Cookie: x=y"),
    status: 302,
    check: redirectsHome,
  },
  {
    name: "redirect to an encoded //evil.example",
    send: signUpRedirectingTo("%2F%2Fevil.example"),
    status: 302,
    check: redirectsHome,
  },
  {
    name: "redirect to https:/\\evil.example",
    send: signUpRedirectingTo("https:/\\evil.example"),
    status: 302,
    check: redirectsHome,
  },
  {
    name: "a guest's redirect with CRLF",
    send: get("/dashboard?x=%0d%0aSet-Cookie:%20x=y"),
    status: 302,
    check: (a) => expect(a.headers["set-cookie"]).toBeUndefined(),
  },
  // Paths
  { name: "../ out of the site", send: rawGet("/../../etc/passwd"), status: 404, check: noFileContents },
  {
    name: "encoded ../ in assets",
    send: get("/assets/..%2f..%2fpackage.json"),
    status: 404,
    check: noFileContents,
  },
  { name: "%2e%2e segments", send: rawGet("/%2e%2e/%2e%2e/etc/passwd"), status: 404, check: noFileContents },
  {
    name: "encoded ../ toward the server code",
    send: get("/assets/%2e%2e%2f%2e%2e%2fserver%2fapp.ts"),
    status: 404,
    check: noFileContents,
  },
  {
    name: "../ in a build id",
    send: get("/_app/builds/meta/..%2f..%2f..%2fpackage.json"),
    status: 404,
    check: noFileContents,
  },
  {
    name: "../ in an icon collection",
    send: get("/api/_icons/..%2f..%2fpackage.json"),
    status: 404,
    check: noFileContents,
  },
  { name: "a broken percent escape", send: rawGet("/%E0%A4%A"), status: 404 },
  { name: "a NUL in the path", send: rawGet("/%00"), status: 404 },
  { name: "an 8 KB path", send: get(`/${"a".repeat(8000)}`), status: 404 },
  // Methods and headers
  { name: "TRACE", send: (r) => r.fetch("/", { method: "TRACE" }).then(answer), status: 405 },
  {
    name: "PROPFIND",
    send: () => raw(`PROPFIND / HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`),
    status: 405,
  },
  {
    name: "a header with a bare CR",
    send: () => raw(`GET / HTTP/1.1\r\nHost: localhost:${port}\r\nX-Bad: a\rb\r\nConnection: close\r\n\r\n`),
    status: 400,
  },
  {
    name: "a NUL in a header",
    send: () =>
      raw(`GET / HTTP/1.1\r\nHost: localhost:${port}\r\nX-Bad: a\u0000b\r\nConnection: close\r\n\r\n`),
    status: 400,
  },
  { name: "no Host header", send: () => raw("GET / HTTP/1.1\r\nConnection: close\r\n\r\n"), status: 400 },
  {
    name: "a post with Origin: null",
    send: (r) =>
      r
        .post("/login", { headers: { Origin: "null" }, form: { intent: "signin" }, maxRedirects: 0 })
        .then(answer),
    status: 403,
  },
];

test.describe("the bad-input corpus", () => {
  test("has at least 50 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  for (const item of cases) {
    test(item.name, async ({ request }) => {
      const result = await item.send(request);
      if (item.status === undefined) {
        expect(result.status, result.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(result.status, result.body.slice(0, 200)).toBeLessThan(500);
      } else {
        expect([item.status].flat(), result.body.slice(0, 200)).toContain(result.status);
      }
      expect(result.body).not.toMatch(/\bat .+\.(js|ts|mjs):\d+:\d+/);
      expect(result.body).not.toContain("node_modules");
      item.check?.(result);
      const health = await request.get("/api/_auth/session");
      expect(health.status()).toBe(200);
    });
  }
});
