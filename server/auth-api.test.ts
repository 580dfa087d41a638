import { Hono } from "hono";
import { describe, expect, test, vi } from "vitest";
import { AUTH_API_PATH } from "~/lib/constants";
import type { Env } from "~/server/env.server";
import { featureAuthDoors } from "~/server/feature-hooks.server";
import { createAuthRateLimits } from "~/server/limits/rate-limit.server";
import { authWithOneAccount, TEST_APP_URL } from "../tests/fixtures/auth-in-memory";
import { authApi, authDoors } from "./auth-api";

/** Every sign-in provider configured (`env.providers`), when that feature is listed: their callbacks are doors too. */
const PROVIDERS = {
  github: { clientId: "id", clientSecret: "secret" },
  google: { clientId: "id", clientSecret: "secret" },
  oidc: { clientId: "id", clientSecret: "secret", issuer: "http://127.0.0.1:9", name: "Example" },
};
const PROVIDER_IDS = ["github", "google", "oidc"];

type RoutedEndpoint = {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
};

/**
 * Every method and path better-auth's router routes, read from the
 * endpoints it is built from (better-call's `createRouter` adds each
 * endpoint with a path that is not SERVER_ONLY, for each of its methods),
 * with every `:param` filled in with each configured provider and a made-up value.
 */
function routedRequests(api: Record<string, unknown>): { method: string; path: string }[] {
  const requests: { method: string; path: string }[] = [];
  for (const endpoint of Object.values(api) as RoutedEndpoint[]) {
    if (!endpoint.path || !endpoint.options || endpoint.options.metadata?.SERVER_ONLY) continue;
    const declared = endpoint.options.method ?? "GET";
    const methods = (Array.isArray(declared) ? declared : [declared]).flatMap((method) =>
      method === "*" ? ["GET", "POST", "PUT", "PATCH", "DELETE"] : [method],
    );
    const paths = /:[a-zA-Z]+/.test(endpoint.path)
      ? [...PROVIDER_IDS, "made-up"].map((value) => (endpoint.path as string).replace(/:[a-zA-Z]+/g, value))
      : [endpoint.path];
    for (const method of methods) for (const path of paths) requests.push({ method, path });
  }
  return requests;
}

const ENV = { providers: PROVIDERS } as unknown as Env;

async function setup() {
  const kit = await authWithOneAccount(PROVIDERS);
  const handler = vi.fn(kit.auth.handler);
  const app = new Hono().route(
    AUTH_API_PATH,
    authApi({
      auth: { ...kit.auth, handler },
      db: kit.db.kysely,
      rateLimits: createAuthRateLimits(),
      env: ENV,
    }),
  );
  // Signed in, so that doors needing a session are tried as a signed-in browser would.
  const headers = new Headers(kit.headers);
  headers.set("content-type", "application/json");
  const send = (method: string, path: string, body?: unknown) =>
    app.request(`${TEST_APP_URL}${AUTH_API_PATH}${path}`, {
      method,
      headers,
      ...(method === "GET" || method === "HEAD" ? {} : { body: JSON.stringify(body ?? {}) }),
    });
  return { ...kit, app, handler, send };
}

describe("the doors into better-auth", () => {
  test("every route better-auth's router has is on the allowlist, or answers 404 without reaching better-auth", async () => {
    const { auth, handler, send, db } = await setup();
    const doors = authDoors(featureAuthDoors(ENV));
    const isDoor = ({ method, path }: { method: string; path: string }) =>
      doors.some((door) => door.method === method && door.path === path);
    const routed = routedRequests(auth.api as unknown as Record<string, unknown>);
    expect(routed.length).toBeGreaterThan(40);
    const reached: string[] = [];
    for (const request of routed) {
      handler.mockClear();
      const response = await send(request.method, request.path);
      if (handler.mock.calls.length > 0) reached.push(`${request.method} ${request.path}`);
      if (!isDoor(request)) expect(response.status, `${request.method} ${request.path}`).toBe(404);
    }
    // What got through is exactly the allowlist, and every door on it is a route better-auth has.
    expect(reached.sort()).toEqual(doors.map((door) => `${door.method} ${door.path}`).sort());
    await db.close();
  });

  test("paths that only look like a door stay closed", async () => {
    const { handler, send, db } = await setup();
    for (const path of ["/callback/github/", "/callback/made-up"]) {
      expect((await send("POST", path)).status, path).toBe(404);
      expect((await send("GET", path)).status, path).toBe(404);
    }
    expect(handler).not.toHaveBeenCalled();
    await db.close();
  });

  test("NUL anywhere in a door's input is a 400 before better-auth sees it", async () => {
    const { handler, send, db } = await setup();
    // Every door the listed features open: in the query string, and in a body's key and value.
    for (const door of authDoors(featureAuthDoors(ENV))) {
      const where = `${door.method} ${door.path}`;
      expect((await send(door.method, `${door.path}?x=%00`)).status, where).toBe(400);
      if (door.method === "POST") {
        expect((await send("POST", door.path, { response: { id: "a\u0000" } })).status, where).toBe(400);
        expect((await send("POST", door.path, { "a\u0000": 1 })).status, where).toBe(400);
      }
    }
    expect(handler).not.toHaveBeenCalled();
    await db.close();
  });
});
