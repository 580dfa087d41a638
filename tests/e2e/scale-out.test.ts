import { expect, type Page, test } from "@playwright/test";
import { fillAccountForm, newAccount, signInWithForm } from "../fixtures/accounts";
import { type Instance, launchInstances, sessionAt, signUpAt } from "../fixtures/instances";
import { postForm } from "../fixtures/no-js-forms";
import { createTestDatabase, type TestDatabase } from "../fixtures/postgres";
import { portFor, stopServer } from "../fixtures/server-process";
import { type TcpProxy, tcpProxy } from "../fixtures/tcp";

const redisUrl = process.env.REDIS_URL || undefined;

test.describe.configure({ mode: "serial" });

const PER_ACCOUNT = 5;

let database: TestDatabase;
let a: Instance;
let b: Instance;

test.beforeAll(async () => {
  database = await createTestDatabase("e2e_scale_out");
  // Both start at the same moment on the empty database: one migrates, the other waits for it.
  [a, b] = (await launchInstances([61, 62], { DATABASE_URL: database.url, REDIS_URL: redisUrl ?? "" })) as [
    Instance,
    Instance,
  ];
});

test.afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map(({ server }) => stopServer(server)));
  await database?.drop();
});

/** Whom instance `at` sees signed in in `page`'s browser. */
async function signedInEmail(page: Page, at: Instance): Promise<string | undefined> {
  const session = (await (await page.request.get(`${at.base}/api/_auth/session`)).json()) as {
    user?: { email: string };
  };
  return session.user?.email;
}

test("two instances started together on an empty database are both ready", async () => {
  for (const { base } of [a, b]) {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true });
  }
});

test("signed in through A, the visitor is signed in through B; revoked on B, A signs them out", async ({
  page,
}) => {
  const account = newAccount("Grace Hopper");
  await page.goto(`${a.base}/login?mode=signup`);
  await fillAccountForm(page, account);
  await expect(page).toHaveURL(`${a.base}/dashboard`);

  // The same browser (cookies are per host, not per port) on the other instance.
  await page.goto(`${b.base}/dashboard`);
  await expect(page).toHaveURL(`${b.base}/dashboard`);
  await expect(page.getByText(account.name).first()).toBeVisible();
  expect(await signedInEmail(page, b)).toBe(account.email);

  // Revoked through B (as from another device): the browser keeps its cookie…
  const cookie = (await page.context().cookies(b.base))
    .map(({ name, value }) => `${name}=${value}`)
    .join("; ");
  const revoked = await fetch(`${b.base}/api/_auth/session`, {
    method: "DELETE",
    headers: { Origin: b.base, Cookie: cookie },
  });
  expect(await revoked.json()).toEqual({ loggedOut: true });

  // …and A, at its next request, signs it out.
  expect((await sessionAt(a.base, cookie)).body).toEqual({});
  await page.goto(`${a.base}/dashboard`);
  await expect(page).toHaveURL(`${a.base}/login?redirect=/dashboard`);

  // Signing in again through B works through A.
  await page.goto(`${b.base}/login`);
  await signInWithForm(page, account);
  await expect(page).toHaveURL(`${b.base}/dashboard`);
  await page.goto(`${a.base}/dashboard`);
  await expect(page).toHaveURL(`${a.base}/dashboard`);
  expect(await signedInEmail(page, a)).toBe(account.email);
});

test("password attempts for one account spread over A and B are counted together", async () => {
  const account = newAccount();
  await signUpAt(a.base, account);
  const attempt = async (base: string, n: number) =>
    (await postForm(base, { intent: "signin", email: account.email, password: `wrong password ${n}` }))
      .status;
  const statuses: number[] = [];
  for (let n = 1; n <= PER_ACCOUNT; n += 1) statuses.push(await attempt(n % 2 ? a.base : b.base, n));
  expect(statuses).toEqual([401, 401, 401, 401, 401]);
  // Three went through A and two through B: each alone would still allow more.
  expect(await attempt(b.base, 6)).toBe(429);
  expect(await attempt(a.base, 7)).toBe(429);
});

test("both instances report the same build id", async () => {
  const [fromA, fromB] = await Promise.all(
    [a, b].map(async ({ base }) => {
      const latest = (await (await fetch(`${base}/_app/builds/latest.json`)).json()) as { id: string };
      const html = await (await fetch(`${base}/login`)).text();
      return { latest: latest.id, page: /<meta name="build-id" content="([^"]+)"/.exec(html)?.[1] };
    }),
  );
  expect(fromA?.latest).toBeTruthy();
  expect(fromA).toEqual({ latest: fromA?.latest, page: fromA?.latest });
  expect(fromB).toEqual(fromA);
});

test.describe("Redis unreachable", () => {
  let proxy: TcpProxy;
  let c: Instance;

  test.beforeAll(async () => {
    const target = new URL(redisUrl ?? "");
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) }, Number(portFor(64)));
    const throughProxy = new URL(redisUrl ?? "");
    throughProxy.hostname = "127.0.0.1";
    throughProxy.port = String(proxy.port);
    [c] = (await launchInstances([63], {
      DATABASE_URL: database.url,
      REDIS_URL: throughProxy.toString(),
    })) as [Instance];
  });

  test.afterAll(async () => {
    if (c) await stopServer(c.server);
    await proxy?.cut();
  });

  test("the app keeps serving, still limits attempts on its own, and logs the outage once and the return once", async () => {
    const outages = () => c.server.output().split("Redis unavailable").length - 1;
    await proxy.cut();

    const account = newAccount();
    const cookie = await signUpAt(c.base, account);
    expect((await sessionAt(c.base, cookie)).body).toHaveProperty("user.email", account.email);
    const statuses: number[] = [];
    for (let n = 1; n <= PER_ACCOUNT + 1; n += 1) {
      const started = Date.now();
      const response = await postForm(c.base, {
        intent: "signin",
        email: account.email,
        password: `wrong ${n}`,
      });
      expect(Date.now() - started).toBeLessThan(2000);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    await expect.poll(outages).toBe(1);
    expect(c.server.output()).toContain(
      "Redis unavailable: rate limits are counted by each instance on its own until it is back",
    );

    await proxy.restore();
    await expect
      .poll(c.server.output, { timeout: 10_000 })
      .toContain("Redis is back: rate limits are shared again");
    expect(outages()).toBe(1);
  });
});
