// Tests: the passkey endpoints' field rules, their sign-in method in the log, and their doors at the HTTP edge.
import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { AUTH_API_PATH } from "~/lib/constants";
import { signInMethodOf } from "~/server/auth/activity-plugin.server";
import type { Auth } from "~/server/auth/auth.server";
import type { Env } from "~/server/env.server";
import { createAuthRateLimits } from "~/server/limits/rate-limit.server";
import { authApi } from "../../../server/auth-api";
import { authWithOneAccount, browserHeaders, refusal } from "../../../tests/fixtures/auth-in-memory";

/** The passkey plugin's endpoints as the core's rules see them: field rules, the activity log, the HTTP doors. */

type PasskeyCalls = Record<
  "updatePasskey" | "generatePasskeyRegistrationOptions" | "verifyPasskeyAuthentication",
  (request: { body?: unknown; query?: unknown; headers: Headers }) => Promise<unknown>
>;
const passkeyApi = (auth: Auth) => auth.api as unknown as PasskeyCalls;

describe("the field rules hold at the passkey endpoints", () => {
  test("passkey names and credential ids: 400 for what the rules refuse", async () => {
    const { auth, headers, db } = await authWithOneAccount();
    const rename = await refusal(
      passkeyApi(auth).updatePasskey({
        body: { id: "some-id", name: `Work\nlaptop${"x".repeat(100)}` },
        headers,
      }),
    );
    expect(rename.status).toBe(400);
    const options = await refusal(
      passkeyApi(auth).generatePasskeyRegistrationOptions({ query: { name: "a\u0000" }, headers }),
    );
    expect(options.status).toBe(400);
    const signIn = await refusal(
      passkeyApi(auth).verifyPasskeyAuthentication({
        body: { response: { id: { $gt: "" } } },
        headers: browserHeaders(),
      }),
    );
    expect(signIn.status).toBe(400);
    await db.close();
  });
});

test("a session made by a passkey's endpoint is a passkey sign-in", () => {
  expect(signInMethodOf("/passkey/verify-authentication")).toBe("passkey");
});

describe("the passkey doors into better-auth", () => {
  async function setup() {
    const kit = await authWithOneAccount();
    const app = new Hono().route(
      AUTH_API_PATH,
      authApi({ auth: kit.auth, db: kit.db.kysely, rateLimits: createAuthRateLimits(), env: {} as Env }),
    );
    const send = (method: string, path: string, body?: unknown) =>
      app.request(`${AUTH_API_PATH}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        ...(method === "GET" ? {} : { body: JSON.stringify(body ?? {}) }),
      });
    return { ...kit, send };
  }

  test("paths that only look like a door stay closed", async () => {
    const { send, db } = await setup();
    for (const path of [
      "/passkey/verify-authentication/",
      "//passkey/verify-authentication",
      "/passkey/%76erify-authentication",
      "/PASSKEY/VERIFY-AUTHENTICATION",
    ]) {
      expect((await send("POST", path)).status, path).toBe(404);
    }
    await db.close();
  });

  test("NUL anywhere in a door's input is a 400 before better-auth sees it", async () => {
    const { send, db } = await setup();
    expect(
      (await send("POST", "/passkey/verify-authentication", { response: { id: "a\u0000" } })).status,
    ).toBe(400);
    expect((await send("POST", "/passkey/verify-authentication", { "a\u0000": 1 })).status).toBe(400);
    await db.close();
  });
});
