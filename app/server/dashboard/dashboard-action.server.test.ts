import { expect, test } from "vitest";
import { serverFeatures } from "~/features/server.server";
import { personName } from "~/lib/fields";
import { authWithOneAccount, TEST_ACTION_PAGE, TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import { done } from "../action-kit.server";
import { recordActivity, requestOrigin } from "../auth/activity.server";
import type { AppServices } from "../context.server";
import { createAuthRateLimits } from "../limits/rate-limit.server";
import { CORE_ACTIONS } from "./actions/index.server";
import { dashboardAction, runDashboardAction } from "./dashboard-action.server";

/** The dashboard's action as a post with `fields` runs it, signed in as the fixture's person. */
async function setup() {
  const { auth, headers, db, userId } = await authWithOneAccount();
  const services = { auth, db: db.kysely, rateLimits: createAuthRateLimits() } as unknown as AppServices;
  const signedIn = await auth.api.getSession({ headers });
  if (!signedIn) throw new Error("the fixture's person is not signed in");
  const post = async (fields: Record<string, string>, session = signedIn) => {
    const request = new Request(`${TEST_APP_URL}/dashboard`, {
      method: "POST",
      headers,
      body: new URLSearchParams(fields),
    });
    const answer = await runDashboardAction(CORE_ACTIONS, services, request, session);
    return { status: answer.init?.status ?? 200, body: answer.data };
  };
  const kinds = async () =>
    (
      await db.kysely
        .selectFrom("activity")
        .select("kind")
        .where("userId", "=", userId)
        .orderBy("id", "desc")
        .execute()
    ).map((row) => row.kind);
  return { post, kinds, signedIn, db };
}

test("a post runs the action its intent names, reads its fields by its schema, and logs what it did", async () => {
  const { post, kinds, db } = await setup();
  expect(await post({ intent: "update-name", name: "  Ada King  " })).toEqual({
    status: 200,
    body: { intent: "update-name", target: null, ok: true, message: "Name saved." },
  });
  expect((await kinds())[0]).toBe("name-changed");
  await db.close();
});

test("a field its schema refuses is a 400 naming the field, and nothing changes or is logged", async () => {
  const { post, kinds, db } = await setup();
  const before = await kinds();
  expect(await post({ intent: "update-name", name: "Ada\nKing" })).toMatchObject({
    status: 400,
    body: { intent: "update-name", ok: false, fieldErrors: { name: "Use letters, not control characters." } },
  });
  expect(await kinds()).toEqual(before);
  await db.close();
});

test("an unknown or missing intent is a 400, never a 500", async () => {
  const { post, db } = await setup();
  expect(await post({ intent: "drop-tables" })).toMatchObject({
    status: 400,
    body: { intent: null, ok: false },
  });
  expect(await post({})).toMatchObject({ status: 400, body: { message: "Unknown request." } });
  await db.close();
});

test("an action that wants a fresh sign-in refuses an older one first, with Sign in again", async () => {
  const { post, signedIn, db } = await setup();
  const stale = {
    ...signedIn,
    session: { ...signedIn.session, createdAt: new Date(Date.now() - 60 * 60_000) },
  };
  expect(await post({ intent: "set-password", newPassword: "" }, stale)).toMatchObject({
    status: 403,
    body: { intent: "set-password", ok: false, signInAgain: true },
  });
  await db.close();
});

test("the target field names the row an answer is for", async () => {
  const { post, db } = await setup();
  expect(await post({ intent: "revoke-session", id: "not-a-session" })).toMatchObject({
    body: { intent: "revoke-session", target: "not-a-session", ok: false },
  });
  await db.close();
});

// README, "Adding a dashboard action": a module, its line in a list, its activity kind.
test("the recipe: an action module runs once listed, and logs only a kind that has its icon and sentence", async () => {
  const { auth, headers, db, userId } = await authWithOneAccount();
  const services = { auth, db: db.kysely, rateLimits: createAuthRateLimits() } as unknown as AppServices;
  const signedIn = await auth.api.getSession({ headers });
  if (!signedIn) throw new Error("the fixture's person is not signed in");
  const renameWorkspace = (kind: string) =>
    dashboardAction({
      intent: "rename-workspace",
      page: TEST_ACTION_PAGE,
      policy: {
        effect: "own",
        proof: "session",
        limits: [],
        activity: [kind],
        whileImpersonating: "allowed",
      },
      fields: { name: personName },
      async run({ services: { db }, request, signedIn: { user } }) {
        await recordActivity(db, { userId: user.id, kind, ...requestOrigin(request.headers) });
        return done("Workspace renamed.");
      },
    });
  const post = (actions: Parameters<typeof runDashboardAction>[0]) =>
    runDashboardAction(
      actions,
      services,
      new Request(`${TEST_APP_URL}/dashboard`, {
        method: "POST",
        headers,
        body: new URLSearchParams({ intent: "rename-workspace", name: "Analytical Engines" }),
      }),
      signedIn,
    );
  // Not listed: the dashboard does not know it.
  expect((await post(CORE_ACTIONS)).data).toMatchObject({ ok: false, message: "Unknown request." });
  // Listed, with a kind that has its icon and sentence ("name-changed" has): done, and logged.
  expect((await post([...CORE_ACTIONS, renameWorkspace("name-changed")])).data).toMatchObject({ ok: true });
  const logged = await db.kysely.selectFrom("activity").select("kind").where("userId", "=", userId).execute();
  expect(logged.map((row) => row.kind)).toContain("name-changed");
  // A kind without them is refused before anything is written.
  await expect(post([...CORE_ACTIONS, renameWorkspace("workspace-renamed")])).rejects.toThrow(
    /no icon and sentence/,
  );
  await db.close();
});

test("every action the dashboard runs has an intent of its own", () => {
  const intents = [...CORE_ACTIONS, ...serverFeatures().flatMap((feature) => feature.actions ?? [])].map(
    (action) => action.intent,
  );
  expect(intents.length).toBeGreaterThan(10);
  expect(new Set(intents).size).toBe(intents.length);
});
