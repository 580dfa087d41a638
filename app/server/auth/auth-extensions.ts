import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../../../db/schema";
import type { Refusal } from "../action-kit.server";
import type { AppServices } from "../context.server";
import type { Env } from "../env.server";
import type { FeatureSettings } from "../features.server";
import type { AuthRateLimits } from "../limits/rate-limit.server";
import type { SignInChange } from "../mail/templates.server";
import type { Words } from "../words.server";
import type { AuthSession } from "./auth.server";

/**
 * What a feature adds to accounts and signing in (`ServerFeature.auth`):
 * better-auth plugins and options, ways in, a sign-in's second step, what
 * goes when trust ends, and the admin console's questions about accounts.
 * Only the features that are ways in or guard them use it (passkeys,
 * two-factor, sign-in providers, the admin console, teams' plugin): a
 * product feature never needs it. Read through ../feature-hooks.server.ts.
 */
export type AuthExtensions = {
  /** What it adds to better-auth (`createAuth`): plugins, and options merged into the core's. */
  betterAuth?(setup: FeatureAuthSetup): FeatureAuthOptions;
  /**
   * The ways in it adds as better-auth accounts (`account.providerId`), with
   * the names people read: counted by the rule that keeps one way in, named
   * in Recent activity, in mails and in the Unlink answers.
   */
  signInAccounts?(env: FeatureSettings): { id: string; name: string }[];
  /** Origins its forms lead to (a post answered with a redirect there): the CSP's `form-action` allows them. */
  formTargets?(env: FeatureSettings): string[];
  /** better-auth endpoints it opens over HTTP (`/api/auth/...`), added to the edge's allowlist. */
  doors?(env: FeatureSettings): AuthDoor[];
  /**
   * Its part of the sign-in page (`/login`): what its `sign-in.tsx` (`SignInOption`)
   * shows (`load`; null shows nothing), and the form posts to `/login`
   * whose `intent` it names (`post`: it throws its redirect, or answers a
   * refusal the page shows above the email form).
   */
  signInPage?: {
    key: string;
    load(services: AppServices, request: Request): unknown;
    intent: string;
    post(services: AppServices, request: Request): Promise<Refusal>;
  };
  /**
   * Its better-auth plugins, made once with the auth instance. They run
   * after the core's field rules and per-address limits, and before the
   * password limits (whose after-hook takes any new session for a finished
   * sign-in) and the activity log.
   */
  plugins?: (setup: AuthPluginSetup) => BetterAuthPlugin[];
  /** The better-auth endpoints its plugins add that the core's rules should know: doors, field rules, activity (`AuthEndpoint`). */
  endpoints?: readonly AuthEndpoint[];
  /** How many ways to sign in it gives this person (a passkey each): the last way in is never removed. */
  waysIn?: (db: Kysely<Database>, userId: string) => Promise<number>;
  /**
   * Ends what the feature trusted for the account when the core ends
   * standing trust: a password reset or change, signing out everywhere (else).
   */
  onTrustEnded?: (db: Kysely<Database>, userId: string) => Promise<void>;
  /**
   * The first proof of an unverified account's mailbox takes away every way
   * in a stranger could have added: this removes the feature's (in the
   * caller's transaction) and says what it removed, a line each, for the
   * mail and the page; none when it removed nothing.
   */
  onMailboxClaimed?: (trx: Kysely<Database>, userId: string) => Promise<string[]>;
  /**
   * The owner of an address the account had took it back (an email
   * change's undo): this removes the ways in the feature gave the account
   * from `since` on (in the caller's transaction; what it cannot date, all
   * of it), and says what it removed, a line each, for the page.
   */
  onAccountRecovered?: (trx: Kysely<Database>, userId: string, since: Date) => Promise<string[]>;
  /** A step some sign-ins take after their first factor (a code, say). */
  signInStep?: SignInStep;
  /**
   * A second factor the feature gives accounts (an authenticator, a
   * passkey): its name, the page that sets one up, and which of these
   * accounts have one (one query for a page of accounts). The admin
   * console is open only to administrators who have one.
   */
  secondFactor?: {
    name: Words;
    setUpPath: string;
    heldBy(db: Kysely<Database>, userIds: readonly string[]): Promise<ReadonlySet<string>>;
  };
  /**
   * What these accounts belong to through the feature (their teams, with
   * their role in each), by account id, for the admin console's list and
   * account page. An account in nothing may be missing from the map.
   */
  membershipsOf?: (
    db: Kysely<Database>,
    userIds: readonly string[],
  ) => Promise<Map<string, { name: string; role: string }[]>>;
  /**
   * Why this account may not sign in now (a suspension), or null. The
   * core asks it where a way in does not make a session through
   * better-auth (a reset link, a sign-up, an invitation); a session
   * better-auth makes is refused by the feature's own plugin.
   */
  signInRefusal?: (db: Kysely<Database>, userId: string) => Promise<string | null>;
  /**
   * The session this browser set aside, once its own has ended (an
   * administrator's, when a support sign-in ends): the core reads the
   * request's session first, and asks this only when there is none.
   */
  restoreSession?: (
    services: Pick<AppServices, "auth" | "db">,
    headers: Headers,
  ) => Promise<{ session: AuthSession; setCookie: string[] } | null>;
  /**
   * Told of each action the policy let through while an administrator is
   * signed in as the person (the admin console's trail records it), before
   * the action runs.
   */
  onSupportAction?: (
    services: AppServices,
    supported: { action: string; signedIn: AuthSession; request: Request },
  ) => Promise<void>;
};

/** What a feature's better-auth plugins are made with. */
export type AuthPluginSetup = {
  env: Pick<Env, "APP_URL" | "APP_NAME">;
  secret: string;
  db: Kysely<Database>;
  rateLimits: AuthRateLimits;
};

/** What a call through an open door counts against: `ip` an attempt per client IP, `challenge` a stored challenge per client IP, null none (it needs a session). */
export type AuthDoorLimit = "ip" | "challenge" | null;

/** One better-auth endpoint of a feature's plugin, as the core's rules see it (`AuthExtensions.endpoints`). */
export type AuthEndpoint = {
  /** The path under `/api/auth`, exactly as better-auth routes it. */
  path: string;
  /** Open over HTTP, because the browser calls it itself (server/auth-api.ts): its method and limit. */
  door?: { method: "GET" | "POST"; limit: AuthDoorLimit };
  /** The rules of its JSON body and of its query string: a `400` with the rule's message before better-auth reads them. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** Its `5xx` answer to unreadable input, said as a `400` with this message and code. */
  unreadable?: { message: Words; code: string };
  /**
   * It signs in: the method its entries record ("passkey"), that method in
   * a sentence ("a passkey"), and whose account a failed attempt was on.
   */
  signIn?: {
    method: string;
    name: Words;
    ownerOf(db: Kysely<Database>, body: unknown): Promise<string | null>;
  };
  /**
   * Its success is an entry of this kind in the signed-in person's log;
   * with `notice`, it changes how the account signs in, and the owner is
   * mailed that sentence ("A passkey was added").
   */
  entry?: { kind: string; notice?: Words };
  /** It adds a way in: it needs a sign-in from the last few minutes. */
  addsAWayIn?: boolean;
  /** It removes a way in: whether `body` names one of the person's own (then never their last). */
  removesAWayIn?(db: Kysely<Database>, userId: string, body: unknown): Promise<boolean>;
};

/** A step after the first factor of a sign-in (`AuthExtensions.signInStep`). */
export type SignInStep = {
  /** Whether the account's sign-ins take it (a passkey that did not verify its user is then refused). */
  requiredFor(db: Kysely<Database>, userId: string): Promise<boolean>;
  /** Why a passkey that proved a touch, not its user, is refused on such an account. */
  passkeyRefusal: string;
  /** Whether better-auth's answer to a right password is a sign-in that waits for this step. */
  pausedBy(answer: object): boolean;
  /** The step's page, which then goes on to `onward`. */
  path(onward: string): string;
  /** Where a password reset goes on to for the step, what its page says of it first, and its button. */
  afterReset: { path: string; description: string; label: string };
  /**
   * Whether the session better-auth is making (`ctx`, its hook context) is
   * only the first factor: the activity log waits for the step.
   */
  isFirstStepOnly(ctx: unknown, userId: string): Promise<boolean>;
  /**
   * The endpoints that finish a waiting sign-in, by path: the sign-in
   * method the activity log records, its name in "Signed in with …", and
   * the change mailed to the owner when it is used, if any.
   */
  methods: Record<string, { method: string; name: Words; notify?: SignInChange }>;
};

/** What a feature's better-auth part is built from. */
export type FeatureAuthSetup = {
  env: Pick<Env, "APP_URL" | "APP_NAME" | "isHttps"> & FeatureSettings;
  /** Where its warnings go (the app's JSON log). */
  warn: (message: string) => void;
};

/** A feature's additions to better-auth: its plugins, and options the core's do not set. */
export type FeatureAuthOptions = {
  plugins?: BetterAuthPlugin[];
  socialProviders?: BetterAuthOptions["socialProviders"];
  account?: BetterAuthOptions["account"];
  user?: BetterAuthOptions["user"];
  databaseHooks?: BetterAuthOptions["databaseHooks"];
  onAPIError?: BetterAuthOptions["onAPIError"];
};

/** A better-auth endpoint the browser calls itself, and the limit it counts against. */
export type AuthDoor = {
  method: "GET" | "POST";
  /** The path under `/api/auth`, exactly as better-auth routes it. */
  path: string;
  /** `ip`: an attempt per client IP; `challenge`: a passkey challenge per client IP; null: needs a session. */
  limit: AuthDoorLimit;
};
