import { expect, test } from "@playwright/test";
import { PASSKEY_CHALLENGES_PER_IP_FACTOR } from "~/lib/constants";
import { freshDir, launchApp, portFor, stopServer } from "../../../tests/fixtures/server-process";

/** The server's sign-in attempts per client IP: a few, so that the limit is reached quickly. */
const PER_IP = 3;

test("passkey challenges, written to the database for anyone, are limited per client IP", async ({
  request,
}) => {
  const port = portFor(90);
  const server = await launchApp(port, freshDir("passkey-challenges"), {
    AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
  });
  try {
    const challenge = () =>
      request.get(`http://localhost:${port}/api/auth/passkey/generate-authenticate-options`);
    for (let n = 1; n <= PER_IP * PASSKEY_CHALLENGES_PER_IP_FACTOR; n += 1) {
      expect((await challenge()).status(), `challenge ${n}`).toBe(200);
    }
    const refused = await challenge();
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  } finally {
    await stopServer(server);
  }
});
