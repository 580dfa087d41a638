/** Two-step sign-in end to end on the server: codes, recovery codes, limits, one use per code, the settings page's forms. */
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, test, vi } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import type { AuthExtensions } from "~/server/auth/auth-extensions";
import { passwordSignIn } from "~/server/auth/credentials.server";
import type { AppServices } from "~/server/context.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import type { FeatureChange } from "~/server/mail/templates.server";
import { authOn, authWithOneAccount, browserHeaders } from "../../../tests/fixtures/auth-in-memory";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import { claimCodeStep } from "./authenticator-steps.server";
import twoFactorFeature from "./feature.server";
import { checkCode } from "./second-step.server";
import { confirmSetup, startSetup, turnOff, twoFactorSettings } from "./settings.server";
import { TWO_FACTOR_ACTIONS } from "./settings-actions.server";
import { codeStep } from "./sign-in-step.server";
import { normalizeRecoveryCode, recoveryCodeHash, storedRecoveryCodes } from "./two-factor.server";

type World = Awaited<ReturnType<typeof authWithOneAccount>>;
let world: World | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await world?.db.close();
  world = undefined;
});

const cookiesOf = (setCookie: string[]) =>
  setCookie
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

/**
 * One account with two-step sign-in on (in `given`, or a fresh in-memory
 * world), and the authenticator that was set up (RFC 6238, not the app's code).
 */
async function withTwoFactor(given?: World) {
  if (!given) world = await authWithOneAccount();
  const w = given ?? (world as World);
  const { auth, db, headers, userId, account } = w;
  const services = {
    auth,
    db: db.kysely,
    env: { APP_NAME: "Test" },
    mail: { sendSignInChangeNotice: async () => {} },
  };
  const session = await auth.api.getSession({ headers });
  if (!session) throw new Error("not signed in");
  expect((await startSetup(auth, session)).ok).toBe(true);
  const settings = await twoFactorSettings(services as unknown as AppServices, {
    id: userId,
    email: account.email,
  });
  const secret = settings.setup?.secret.replaceAll(" ", "") ?? "";
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const confirmed = await confirmSetup(services as unknown as AppServices, headers, session, app.generate());
  if (!confirmed.ok) throw new Error(confirmed.message);
  return { ...w, services, app, recoveryCodes: confirmed.shownOnce };
}

/** Codes of a time step of their own: Date runs from the start of one, so a test's codes stay current. */
function startOfAStep() {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 1_000);
}

/** A code other than the one that confirmed the setup: the next step's, which is accepted too (clock drift). */
const nextCode = (app: TOTP) => app.generate({ timestamp: Date.now() + 30_000 });

/** The password step: the cookie of a sign-in that waits for its code. */
async function passwordStep(w: World) {
  const { email, password } = w.account;
  const first = await passwordSignIn(w.auth, { email, password }, browserHeaders());
  return { ...first, headers: browserHeaders({ cookie: cookiesOf(first.setCookie) }) };
}

describe("two-step sign-in", () => {
  test("the password alone makes no session: the step asks for the code, and the app's code signs in", async () => {
    const w = await withTwoFactor();
    const step = await passwordStep(w);
    expect(step.secondStep).toBe(true);
    expect(step.setCookie.some((cookie) => /session_token=[^;]/.test(cookie))).toBe(false);
    expect(await w.auth.api.getSession({ headers: step.headers })).toBeNull();

    const signedIn = await checkCode(w.auth, step.headers, { kind: "app", code: nextCode(w.app) });
    expect(signedIn.ok).toBe(true);
    const session = await w.auth.api.getSession({
      headers: browserHeaders({ cookie: cookiesOf(signedIn.ok ? (signedIn.setCookie ?? []) : []) }),
    });
    expect(session?.user.email).toBe(w.account.email);
  });

  test("a code is accepted once: the same code at the next sign-in is refused", async () => {
    const w = await withTwoFactor();
    const code = nextCode(w.app);
    expect((await checkCode(w.auth, (await passwordStep(w)).headers, { kind: "app", code })).ok).toBe(true);
    const replay = await checkCode(w.auth, (await passwordStep(w)).headers, { kind: "app", code });
    expect(replay).toMatchObject({ ok: false, status: 401, message: expect.stringMatching(/used already/) });
  });

  test("the code that confirmed the setup does not sign in, and a code older than the last one used is refused", async () => {
    startOfAStep();
    const w = await withTwoFactor();
    const confirming = w.app.generate();
    const replay = await checkCode(w.auth, (await passwordStep(w)).headers, {
      kind: "app",
      code: confirming,
    });
    expect(replay).toMatchObject({ ok: false, status: 401, message: expect.stringMatching(/used already/) });
    const { secretConfig } = await w.auth.$context;
    const claim = (code: string) => claimCodeStep(w.db.kysely, secretConfig, w.userId, code);
    // The step before the one used: still inside the window, never used, refused all the same.
    expect(await claim(w.app.generate({ timestamp: Date.now() - 30_000 }))).toBe("replayed");
    expect(await claim(nextCode(w.app))).toBe("claimed");
    expect(await claim(nextCode(w.app))).toBe("replayed");
    expect(await claim(w.app.generate({ timestamp: Date.now() + 60_000 }))).toBe("no-match");
  });

  test("a recovery code works once, typed in any case, and never twice", async () => {
    const w = await withTwoFactor();
    const [code = ""] = w.recoveryCodes;
    expect(w.recoveryCodes).toHaveLength(10);
    const typed = code.toUpperCase().replace("-", " ");
    expect(
      (await checkCode(w.auth, (await passwordStep(w)).headers, { kind: "recovery", code: typed })).ok,
    ).toBe(true);
    const again = await checkCode(w.auth, (await passwordStep(w)).headers, { kind: "recovery", code });
    expect(again).toMatchObject({ ok: false, status: 401 });
  });

  test("recovery codes are stored as keyed hashes, never as they are shown", async () => {
    const w = await withTwoFactor();
    const row = await w.db.kysely.selectFrom("twoFactor").select("backupCodes").executeTakeFirstOrThrow();
    for (const code of w.recoveryCodes) expect(row.backupCodes).not.toContain(code);
    const { secret } = await w.auth.$context;
    expect(JSON.parse(row.backupCodes)).toEqual(
      w.recoveryCodes.map((code) => recoveryCodeHash(secret, code)),
    );
    expect(storedRecoveryCodes(secret, ["abcde-fghjk"])).not.toContain("abcde");
    expect(normalizeRecoveryCode(" ABCDE fghjk ")).toBe("abcde-fghjk");
    expect(normalizeRecoveryCode("abcde-fghj")).toBeNull();
  });

  test("wrong codes count against the account's failure budget: past it, 429 with a wait, even for the right code", async () => {
    const w = await withTwoFactor();
    const step = await passwordStep(w);
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const wrong = await checkCode(w.auth, step.headers, { kind: "app", code: "000000" });
      answers.push(wrong.ok ? 200 : wrong.status);
    }
    // Five free failures (PASSWORD_FAILURES_BEFORE_BACKOFF), then the wait.
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    // The same budget as the password's: the password step waits too.
    await expect(passwordStep(w)).rejects.toMatchObject({ statusCode: 429 });
    const right = await checkCode(w.auth, step.headers, { kind: "app", code: nextCode(w.app) });
    expect(right).toMatchObject({ ok: false, status: 429, retryAfterSeconds: expect.any(Number) });
  });

  test("without the second step's cookie, a code signs nobody in", async () => {
    const w = await withTwoFactor();
    const answer = await checkCode(w.auth, browserHeaders(), { kind: "app", code: w.app.generate() });
    expect(answer).toMatchObject({ ok: false, status: 410 });
  });
});

test("Cancel during the setup drops the secret no code confirmed", async () => {
  world = await authWithOneAccount();
  const { auth, db, headers } = world;
  const session = await auth.api.getSession({ headers });
  if (!session) throw new Error("not signed in");
  expect((await startSetup(auth, session)).ok).toBe(true);
  const rows = () => db.kysely.selectFrom("twoFactor").select("userId").execute();
  expect(await rows()).toHaveLength(1);
  const cancel = new Request("http://localhost:3000/dashboard/two-factor", {
    method: "POST",
    body: new URLSearchParams({ intent: "cancel" }),
  });
  const services = { auth, db: db.kysely } as unknown as AppServices;
  await expect(runDashboardAction(TWO_FACTOR_ACTIONS, services, cancel, session)).rejects.toBeInstanceOf(
    Response,
  );
  expect(await rows()).toHaveLength(0);
});

test("an undone email change takes two-step sign-in away, whenever it was set up", async () => {
  const { db, userId } = await withTwoFactor();
  // As the core calls it: with the time from which what was added goes (here, after the set-up).
  const recovered: AuthExtensions["onAccountRecovered"] = twoFactorFeature.auth.onAccountRecovered;
  const afterItsSetUp = new Date(Date.now() + 60_000);
  expect(await recovered?.(db.kysely, userId, afterItsSetUp)).toEqual([
    "Two-step sign-in, with the authenticator app and recovery codes set up for it",
  ]);
  expect(await db.kysely.selectFrom("twoFactor").select("userId").execute()).toEqual([]);
  const user = await db.kysely.selectFrom("user").select("twoFactorEnabled").executeTakeFirst();
  expect(user?.twoFactorEnabled).toBe(false);
});

test("in German, the code step's refusals, the page's answers and the owner's notice speak German", async () => {
  const w = await withTwoFactor();
  const step = await passwordStep(w);
  const notACode = "Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.";
  expect(
    await inLocale("de", () => checkCode(w.auth, step.headers, { kind: "app", code: "12" })),
  ).toMatchObject({
    status: 400,
    message: notACode,
    fieldErrors: { code: notACode },
  });
  expect(
    await inLocale("de", () => checkCode(w.auth, step.headers, { kind: "app", code: "000000" })),
  ).toMatchObject({ status: 401, message: expect.stringMatching(/^Dieser Code stimmt nicht\./) });

  const signedIn = await checkCode(w.auth, step.headers, { kind: "app", code: nextCode(w.app) });
  const headers = browserHeaders({ cookie: cookiesOf(signedIn.ok ? (signedIn.setCookie ?? []) : []) });
  const session = await w.auth.api.getSession({ headers });
  if (!session) throw new Error("not signed in");
  const notices: FeatureChange[] = [];
  const services = {
    ...w.services,
    mail: { sendSignInChangeNotice: async (_userId: string, change: FeatureChange) => notices.push(change) },
  } as unknown as AppServices;
  const off = await inLocale("de", () => turnOff(services, headers, session, w.recoveryCodes[0]));
  expect(off).toMatchObject({
    ok: true,
    message: expect.stringMatching(/^Die Zwei-Faktor-Authentifizierung ist ausgeschaltet\./),
  });
  // The notice is worded when it is written, in its reader's language.
  const [notice] = notices;
  expect(inLocale("de", () => notice?.what)).toBe("Die Zwei-Faktor-Authentifizierung wurde ausgeschaltet");
  expect(notice?.what).toBe("Two-step sign-in was disabled");

  // The core reads the sign-in step's words where it says them.
  expect(inLocale("de", () => codeStep.passkeyRefusal)).toMatch(
    /^Ihr Konto nutzt die Zwei-Faktor-Authentifizierung/,
  );
  expect(codeStep.passkeyRefusal).toMatch(/^Your account has two-step sign-in/);
  const recoveryNotice = codeStep.methods["/two-factor/verify-backup-code"]?.notify as
    | FeatureChange
    | undefined;
  expect(inLocale("de", () => recoveryNotice?.what)).toBe(
    "Zum Anmelden wurde ein Wiederherstellungscode verwendet",
  );
});

describe.each(STORAGES)(
  "an authenticator code on $name, checked by two instances",
  ({ configured, create }) => {
    let storage: Storage | undefined;
    afterEach(async () => {
      await storage?.cleanUp();
      storage = undefined;
    });

    // The one allowed skip: PostgreSQL is not configured on this machine.
    test.skipIf(!configured)(
      `accepted at sign-in by one, it is refused by the other, at sign-in and on the dashboard${configured ? "" : ` (${NO_POSTGRES})`}`,
      async () => {
        startOfAStep();
        storage = await create();
        // Two openings of one database: two instances, or one instance before and after a restart.
        const a = await withTwoFactor(await authWithOneAccount({}, await storage.open()));
        const bDatabase = await storage.open();
        const b = { ...a, db: bDatabase, auth: authOn(bDatabase) };
        const code = nextCode(a.app);
        const signedIn = await checkCode(a.auth, (await passwordStep(a)).headers, { kind: "app", code });
        if (!signedIn.ok) throw new Error(signedIn.message);

        const usedAlready = { ok: false, status: 401, message: expect.stringMatching(/used already/) };
        expect(await checkCode(b.auth, (await passwordStep(b)).headers, { kind: "app", code })).toMatchObject(
          usedAlready,
        );
        // Signed in through A, the person turns it off on B's dashboard with the same code.
        const headers = browserHeaders({ cookie: cookiesOf(signedIn.setCookie ?? []) });
        const session = await b.auth.api.getSession({ headers });
        if (!session) throw new Error("not signed in");
        const services = { ...a.services, auth: b.auth, db: bDatabase.kysely } as unknown as AppServices;
        expect(await turnOff(services, headers, session, code)).toMatchObject(usedAlready);
      },
    );
  },
);
