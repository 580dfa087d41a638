import { describe, expect, test } from "vitest";
import { authWithOneAccount, browserHeaders } from "../../../tests/fixtures/auth-in-memory";
import { listRecentActivity } from "./activity.server";
import { signInMethodOf } from "./activity-plugin.server";

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

async function setup() {
  const kit = await authWithOneAccount();
  const activity = () => listRecentActivity(kit.db.kysely, kit.userId, (method) => method);
  const signIn = (password: string, email = kit.account.email, userAgent?: string) =>
    kit.auth.api
      .signInEmail({
        body: { email, password },
        headers: browserHeaders(userAgent ? { "user-agent": userAgent } : {}),
      })
      .catch(() => null);
  return { ...kit, activity, signIn };
}

describe("the activity log", () => {
  test("a sign-up is logged with its method, browser and IP", async () => {
    const { activity, db } = await setup();
    expect(await activity()).toEqual([
      expect.objectContaining({
        kind: "sign-up",
        method: "password",
        browser: "Chrome on Linux",
        ip: "203.0.113.7",
        success: true,
      }),
    ]);
    await db.close();
  });

  test("a wrong password is a failed sign-in of that account; an unknown email is nobody's", async () => {
    const { activity, signIn, db } = await setup();
    await signIn("wrong password");
    await signIn("wrong password", "nobody@example.com");
    const [latest, ...rest] = await activity();
    expect(latest).toMatchObject({ kind: "sign-in", method: "password", success: false, ip: "203.0.113.7" });
    expect(rest.map((entry) => entry.kind)).toEqual(["sign-up"]);
    await db.close();
  });

  test("a sign-in from a browser never seen on the account is also a new-device entry, once", async () => {
    const { activity, signIn, account, db } = await setup();
    await signIn(account.password);
    expect((await activity()).map((entry) => entry.kind)).toEqual(["sign-in", "sign-up"]);

    await signIn(account.password, account.email, FIREFOX_ON_WINDOWS);
    await signIn(account.password, account.email, FIREFOX_ON_WINDOWS);
    const kinds = (await activity()).map((entry) => `${entry.kind} ${entry.browser}`);
    expect(kinds).toEqual([
      "sign-in Firefox on Windows",
      "new-device Firefox on Windows",
      "sign-in Firefox on Windows",
      "sign-in Chrome on Linux",
      "sign-up Chrome on Linux",
    ]);
    await db.close();
  });

  test("a user agent's own words never reach the log: only known browser and system names", async () => {
    const { activity, signIn, db } = await setup();
    await signIn("wrong password", undefined, "Visit http://evil.example/1.0 (X11; Linux x86_64)");
    await signIn("wrong password", undefined, "Mozilla/5.0 (X11; Linux x86_64) Call-555-0100-now/1.0");
    const browsers = (await activity()).slice(0, 2).map((entry) => entry.browser);
    expect(browsers).toEqual(["Unknown browser on Linux", "Unknown browser on Linux"]);
    await db.close();
  });

  // A new name is logged by its dashboard action (update-name.server.ts), not here.
  test("password changes are logged; newest first", async () => {
    const { auth, headers, account, activity, db } = await setup();
    await auth.api.changePassword({
      body: {
        currentPassword: account.password,
        newPassword: "a new long password",
        revokeOtherSessions: false,
      },
      headers,
    });
    expect((await activity()).map((entry) => entry.kind)).toEqual(["password-changed", "sign-up"]);
    await db.close();
  });

  test("the method of a new session comes from the endpoint that made it", () => {
    expect(signInMethodOf("/sign-in/email")).toBe("password");
    expect(signInMethodOf("/callback/:id", { id: "github" })).toBe("github");
    expect(signInMethodOf("/change-password")).toBeNull();
    expect(signInMethodOf(undefined)).toBeNull();
  });
});
