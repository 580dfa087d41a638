import { expect, test } from "@playwright/test";
import { rawRequest } from "../fixtures/raw-http";
import { freshDir, launchApp, portFor, signUpCodeInOutbox, stopServer } from "../fixtures/server-process";

const PUBLIC_URL = "https://app.example.test";

/**
 * A form post as nginx forwards it after terminating TLS (docs/deploy.md):
 * plain HTTP to the app, the public host in `Host`, the browser's `Origin`
 * of the https site.
 */
function forwardedFormPost(port: number, form: Record<string, string>, path = "/login", cookie = "") {
  const body = new URLSearchParams(form).toString();
  return rawRequest(
    port,
    [
      `POST ${path} HTTP/1.1`,
      "Host: app.example.test",
      `Origin: ${PUBLIC_URL}`,
      "X-Forwarded-For: 203.0.113.7",
      "X-Forwarded-Proto: https",
      "Content-Type: application/x-www-form-urlencoded",
      ...(cookie ? [`Cookie: ${cookie}`] : []),
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}

test("behind a TLS-terminating proxy, the sign-up and sign-in forms work (React Router sees APP_URL's origin)", async () => {
  const port = portFor(67);
  const dataDir = freshDir("behind-proxy");
  const server = await launchApp(port, dataDir, {
    APP_URL: PUBLIC_URL,
    // The test's requests are the proxy's: they come from loopback.
    TRUST_PROXY: "127.0.0.1/32,::1/128",
    LOG_LEVEL: "warn",
  });
  try {
    const account = { name: "Proxy Test", email: "proxy@example.com", password: "correct horse battery" };
    const started = await forwardedFormPost(Number(port), { intent: "signup", ...account });
    expect(started.status, started.body).toBe(302);
    const id = /\r\nlocation: \/confirm-sign-up\?id=([\w-]+)\r\n/i.exec(started.head)?.[1] ?? "";
    const code = await expect
      .poll(() => signUpCodeInOutbox(dataDir, account.email))
      .not.toBe("")
      .then(() => signUpCodeInOutbox(dataDir, account.email));
    // Over HTTPS the browser that asked is named by a `__Host-` cookie.
    const browser = /\r\nset-cookie: (__Host-sign_up=[^;]+);[^\r]*Secure/i.exec(started.head)?.[1] ?? "";
    expect(browser).not.toBe("");
    const signUp = await forwardedFormPost(
      Number(port),
      { intent: "confirm", id, code },
      "/confirm-sign-up",
      browser,
    );
    expect(signUp.status, signUp.body).toBe(302);
    expect(signUp.head).toMatch(/\r\nset-cookie: __Secure-better-auth\.session_token=/i);

    const signIn = await forwardedFormPost(Number(port), {
      intent: "signin",
      email: account.email,
      password: account.password,
    });
    expect(signIn.status, signIn.body).toBe(302);
    expect(signIn.head).toMatch(/\r\nlocation: \/dashboard\r\n/i);

    // The address the proxy forwarded is the one recorded (its peer, loopback, is trusted).
    const session =
      /\r\nset-cookie: (__Secure-better-auth\.session_token=[^;]+);/i.exec(signIn.head)?.[1] ?? "";
    const dashboard = await rawRequest(
      Number(port),
      [
        "GET /dashboard HTTP/1.1",
        "Host: app.example.test",
        "X-Forwarded-For: 203.0.113.7",
        "X-Forwarded-Proto: https",
        `Cookie: ${session}`,
        "Connection: close",
        "",
        "",
      ].join("\r\n"),
    );
    expect(dashboard.status, dashboard.body).toBe(200);
    expect(dashboard.body).toContain("203.0.113.7");
  } finally {
    await stopServer(server);
  }
});
