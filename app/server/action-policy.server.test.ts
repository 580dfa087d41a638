/**
 * The registry walk: every action any module declares (the core's, every
 * listed feature's, their pages' own), checked from what it declares and
 * then run as a stale session, a session an administrator signed in to, and
 * an account without a password would run it. A module that forgets a rule
 * fails here.
 */
import { expect, test } from "vitest";
import { activityKind } from "~/lib/activity";
import { authWithOneAccount, TEST_ACTION_PAGE, TEST_APP_URL } from "../../tests/fixtures/auth-in-memory";
import {
  type DeclaredAction,
  declaredActions,
  EFFECTS_NEEDING_RECENT_PROOF,
  EFFECTS_REFUSED_WHILE_IMPERSONATING,
  enforcePolicy,
  REFUSED_WHILE_IMPERSONATING,
} from "./action-policy.server";
import type { AppServices } from "./context.server";
import { type DashboardAction, runDashboardAction } from "./dashboard/dashboard-action.server";
import { createAuthRateLimits } from "./limits/rate-limit.server";
import { NEEDS_FRESH_SIGN_IN } from "./session/freshness.server";

// The features' registry first, as the app's server loads it (the root's session read reaches it): a
// page of a feature that uses the dashboard's kit, loaded before it, would meet the kit half-made.
import.meta.glob("/app/features/server.server.ts", { eager: true });

// Every module of the app that can declare an action: what it exports is searched for the kits' actions.
const modules = import.meta.glob<Record<string, unknown>>(
  [
    "/app/**/*.{ts,tsx}",
    "!/app/**/*.test.{ts,tsx}",
    "!/app/**/*.e2e.ts",
    // The end-to-end suite's fixtures: they read its configuration, one starts a server.
    "!/app/features/*/e2e-*.ts",
    "!/app/entry.client.tsx",
    // The route table reads E2E_TEST_ROUTES when it loads (app/routes.test.ts loads it with it set); it declares nothing.
    "!/app/routes.ts",
    "!/app/routes/e2e/**",
  ],
  { eager: true },
);

/** The kits' actions (`dashboardAction`, `teamAction`) among the modules' exports, lists included. */
const kitActions: DashboardAction[] = Object.values(modules)
  .flatMap((exports) => Object.values(exports))
  .flatMap((value) => (Array.isArray(value) ? value : [value]))
  .filter(
    (value): value is DashboardAction => typeof value === "object" && value !== null && "declared" in value,
  );

// The app's own: a test that makes an action of its own to try the kit (dashboard-action.server.test.ts)
// declares it under `TEST_ACTION_PAGE`, and may share this worker's module graph.
const declared = declaredActions().filter((action) => !action.name.startsWith(`${TEST_ACTION_PAGE} `));
const named = (action: DeclaredAction) => action.name;

async function signedInServices() {
  const { auth, headers, db, userId } = await authWithOneAccount();
  const services = { auth, db: db.kysely, rateLimits: createAuthRateLimits() } as unknown as AppServices;
  const signedIn = await auth.api.getSession({ headers });
  if (!signedIn) throw new Error("the fixture's person is not signed in");
  const request = (fields: Record<string, string> = {}) =>
    new Request(`${TEST_APP_URL}/dashboard`, { method: "POST", headers, body: new URLSearchParams(fields) });
  const stale = {
    ...signedIn,
    session: { ...signedIn.session, createdAt: new Date(Date.now() - 10 * 60_000) },
  };
  return { services, signedIn, stale, request, db, userId };
}

test("the walk finds the actions of the core, of every listed feature and of their own pages", () => {
  expect(declared.length).toBeGreaterThan(20);
  // Each action the kits made is in the registry under its own name, and no two share one.
  for (const action of kitActions) expect(declared).toContain(action.declared);
  expect(new Set(declared.map(named)).size).toBe(declared.length);
  expect(declared.map(named)).toEqual(
    expect.arrayContaining([
      "/dashboard update-name",
      "/dashboard delete-account",
      "/dashboard change-password",
    ]),
  );
});

test("whatever gives, takes or moves access, changes how the account signs in or deletes for good needs a recent sign-in (or the password)", () => {
  const lax = declared.filter(
    ({ policy }) => EFFECTS_NEEDING_RECENT_PROOF.has(policy.effect) && policy.proof === "session",
  );
  expect(lax.map(named)).toEqual([]);
});

test("whatever changes how the person signs in, what they own, or hands over their data is refused to an administrator signed in as them", () => {
  const open = declared.filter(
    ({ policy }) =>
      EFFECTS_REFUSED_WHILE_IMPERSONATING.has(policy.effect) && policy.whileImpersonating !== "refused",
  );
  expect(open.map(named)).toEqual([]);
});

test("every activity kind an action says it writes is one the log can show", () => {
  const unknown = declared.flatMap(({ name, policy }) =>
    policy.activity.filter((kind) => !activityKind(kind)).map((kind) => `${name}: ${kind}`),
  );
  expect(unknown).toEqual([]);
});

test("a stale session gets the email change's answer from every action that wants a recent sign-in, through its kit, and nothing runs", async () => {
  const { services, stale, request, db } = await signedInServices();
  const wanting = kitActions.filter((action) => action.declared.policy.proof === "recent-sign-in");
  // Teams' ownership, deletion, invitations, members and roles among them.
  expect(wanting.map((action) => action.declared.name)).toEqual(
    expect.arrayContaining(
      ["/dashboard/teams transfer-ownership", "/dashboard/teams delete-team"].filter(isDeclared),
    ),
  );
  const emailChange = kitActions.find((action) => action.declared.name === "/dashboard change-email");
  const expected = emailChange
    ? (await runDashboardAction([emailChange], services, request({ intent: emailChange.intent }), stale)).data
    : null;
  const before = await db.kysely.selectFrom("activity").select("id").execute();
  for (const action of wanting) {
    const answer = await runDashboardAction([action], services, request({ intent: action.intent }), stale);
    expect({ action: action.declared.name, status: answer.init?.status }).toEqual({
      action: action.declared.name,
      status: 403,
    });
    expect(answer.data).toMatchObject({ ok: false, message: NEEDS_FRESH_SIGN_IN.message, signInAgain: true });
    if (expected) expect({ ...answer.data, intent: null }).toEqual({ ...expected, intent: null });
  }
  expect(await db.kysely.selectFrom("activity").select("id").execute()).toEqual(before);
  await db.close();
});

test("the same stale session still does what needs only a session, and what wants the password when it has one", async () => {
  const { services, stale, request, db } = await signedInServices();
  for (const action of declared.filter(({ policy }) => policy.proof !== "recent-sign-in")) {
    const limitless = { ...action, policy: { ...action.policy, limits: [] } };
    expect({
      action: action.name,
      refusal: await enforcePolicy(limitless, services, request(), stale),
    }).toEqual({
      action: action.name,
      refusal: null,
    });
  }
  await db.close();
});

test("an account without a password proves a recent sign-in instead, for what wants the password", async () => {
  const { services, signedIn, stale, request, db, userId } = await signedInServices();
  await db.kysely.updateTable("account").set({ password: null }).where("userId", "=", userId).execute();
  const wantingPassword = declared.filter(({ policy }) => policy.proof === "password");
  expect(wantingPassword.map(named)).toEqual(
    expect.arrayContaining(["/dashboard delete-account", "/dashboard change-password"]),
  );
  for (const action of wantingPassword) {
    expect(await enforcePolicy(action, services, request(), stale)).toEqual(NEEDS_FRESH_SIGN_IN);
    expect(await enforcePolicy(action, services, request(), signedIn)).toBeNull();
  }
  await db.close();
});

test("an administrator signed in as the person is refused what the policy refuses, before anything runs", async () => {
  const { services, signedIn, request, db } = await signedInServices();
  const asSupport = { ...signedIn, session: { ...signedIn.session, impersonatedBy: "admin-id" } };
  for (const action of kitActions.filter((each) => each.declared.policy.whileImpersonating === "refused")) {
    const answer = await runDashboardAction(
      [action],
      services,
      request({ intent: action.intent }),
      asSupport,
    );
    expect({ action: action.declared.name, status: answer.init?.status, answer: answer.data }).toMatchObject({
      action: action.declared.name,
      status: 403,
      answer: { ok: false, message: REFUSED_WHILE_IMPERSONATING.message },
    });
  }
  // What it allows goes on to its proof and limits.
  for (const action of declared.filter(({ policy }) => policy.whileImpersonating === "allowed")) {
    expect(await enforcePolicy(action, services, request(), asSupport)).not.toEqual(
      REFUSED_WHILE_IMPERSONATING,
    );
  }
  await db.close();
});

test("a declared limit counts per account before the action runs: 429 with the wait once used up", async () => {
  const { services, signedIn, request, db } = await signedInServices();
  const limited: DeclaredAction = {
    name: "test limited",
    policy: {
      effect: "own",
      proof: "session",
      limits: [{ limit: { name: "test-limited", max: 2, windowSeconds: 60 }, per: "account", what: "tries" }],
      activity: [],
      whileImpersonating: "allowed",
    },
  };
  expect(await enforcePolicy(limited, services, request(), signedIn)).toBeNull();
  expect(await enforcePolicy(limited, services, request(), signedIn)).toBeNull();
  expect(await enforcePolicy(limited, services, request(), signedIn)).toMatchObject({
    status: 429,
    message: expect.stringMatching(/^Too many tries\. Try again in 1 minute\.$/),
    retryAfterSeconds: expect.any(Number),
  });
  await db.close();
});

function isDeclared(name: string) {
  return declared.some((action) => action.name === name);
}
