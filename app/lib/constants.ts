/**
 * Every product constant in one place (SPEC §11). Browser and server code both
 * import from here, so nothing in this file may touch Node or the DOM.
 */

/** Default product name, used in titles until `APP_NAME` says otherwise. */
export const DEFAULT_APP_NAME = "React Starter";

/** Where sign-in sends people when no safe `redirect` target was given. */
export const DEFAULT_SIGNED_IN_PATH = "/dashboard";

/** The sign-in page, where guards send guests. */
export const SIGN_IN_PATH = "/login";

/** The query parameter that carries the page to return to after sign-in. */
export const REDIRECT_PARAM = "redirect";

/** Passwords: long enough to resist guessing, short enough to hash cheaply. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** What every new-password field says of its rules (the server's common-password rule: auth/password-policy.server.ts). */
export const NEW_PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common password or one built from your name, email or the app's name.`;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSKEY_NAME_MAX_LENGTH = 50;

/** Sessions slide: each use within the window extends them. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** How often a used session's expiry is pushed forward (one write a day at most). */
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
/** However much a session is used, it ends this long after its sign-in. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/**
 * A sign-in this recent counts as "fresh": deleting an account that has no
 * password, and unlinking a provider, need one (better-auth's `freshAge`).
 */
export const SESSION_FRESH_AGE_SECONDS = 5 * 60;
/** The code of the refusal (403) of a change by a session signed in longer ago than that: the browser offers "Sign in again". */
export const NOT_FRESH_SIGN_IN_CODE = "SIGN_IN_NOT_RECENT";
/** How often expired sessions, verification values and old activity are deleted. */
export const EXPIRED_ROWS_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** The dashboard's recent activity: how many entries it shows, and how long they are kept. */
export const ACTIVITY_SHOWN = 20;
export const ACTIVITY_RETENTION_DAYS = 90;

/** Pages rendered at build time for guests, with their data files (SPEC §6, §8). */
export const PRERENDERED_PATHS: readonly string[] = ["/"];

/** The session contract's endpoint (SPEC §3). */
export const SESSION_API_PATH = "/api/_auth/session";

/** Chunk-error reload guard per path (SPEC §6). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = "nuxt:reload";

/** Colour mode (SPEC §5). */
export const COLOR_MODE_STORAGE_KEY = "nuxt-color-mode";

/** Sign-in popup (SPEC §4). */
export const POPUP_WIDTH = 960;
export const POPUP_HEIGHT = 600;
export const POPUP_FLAG_KEY = "temp-nuxt-auth-utils-popup";
/** A popup flag older than this is left over from a sign-in given up halfway: it closes nothing. */
export const POPUP_FLAG_MAX_AGE_MS = 10 * 60 * 1000;
/**
 * SPEC §10's Cross-Origin-Opener-Policy, which the sign-in pages send
 * themselves: the popup flow must work with it (it separates the popup from
 * its opener once the popup is back on the app).
 */
export const CROSS_ORIGIN_OPENER_POLICY = "same-origin-allow-popups";
/** The popup's window name, so a second click reuses the open popup. */
export const POPUP_WINDOW_NAME = "sign-in-popup";
/** How often the opener checks whether the visitor closed the popup. */
export const POPUP_CLOSED_POLL_MS = 500;

/** Where better-auth's own endpoints live (OAuth callbacks, passkeys). */
export const AUTH_API_PATH = "/api/auth";
/**
 * The page an OAuth flow comes back to in the popup, and where failed or
 * refused callbacks land (`?error=code`): it closes the popup or shows why.
 */
export const AUTH_RESULT_PATH = "/auth/result";
/** Button label of the generic OpenID Connect provider when `OIDC_NAME` is not set. */
export const DEFAULT_OIDC_NAME = "OpenID";
/** How long a sign-in waits for the OpenID provider's discovery document. */
export const OIDC_DISCOVERY_TIMEOUT_MS = 5_000;

/**
 * Rate limits on sign-in, account creation, passkey and OAuth endpoints
 * (SPEC §4). Fixed windows of minutes: a per-account limit that an attacker
 * keeps tripping locks that account's password sign-in only while they keep
 * going, and never longer than one window after they stop (passkeys and
 * providers stay open, they are counted per IP only).
 */
export const AUTH_RATE_LIMIT_WINDOW_SECONDS = 10 * 60;
/** Attempts per client IP per window (`AUTH_RATE_LIMIT_PER_IP` overrides). */
export const AUTH_RATE_LIMIT_PER_IP = 100;
/**
 * Passkey challenges per client IP per window, as a multiple of the per-IP
 * limit: every visit to the sign-in page asks for one (autofill), and each
 * is a row in the database until it expires.
 */
export const PASSKEY_CHALLENGES_PER_IP_FACTOR = 3;
/** Sign-ups per email address per window. */
export const AUTH_RATE_LIMIT_PER_ACCOUNT = 5;
/**
 * Email-first sign-up (issue 14): nothing is created until the mailed
 * six-digit code comes back. A code works once, for 15 minutes, and is void
 * after 5 wrong tries; every try counts against the address, at most 10 an
 * hour, so guessing someone's code stays hopeless.
 */
export const SIGN_UP_CODE_DIGITS = 6;
export const SIGN_UP_CODE_SECONDS = 15 * 60;
export const SIGN_UP_CODE_TRIES = 5;
export const SIGN_UP_CODE_TRIES_PER_ADDRESS = 10;
export const SIGN_UP_CODE_TRIES_WINDOW_SECONDS = 60 * 60;

/**
 * Wrong passwords (sign-in, and the password checks of a signed-in session:
 * changing it, deleting the account), counted per account, and apart per
 * browser that signed in to it before (the device cookie). The first five
 * cost nothing; then each failure makes the next attempt wait, 1 minute,
 * 2, 4… up to an hour; the count is forgotten a day after the last failure.
 * Successful attempts never count.
 */
export const PASSWORD_FAILURES_BEFORE_BACKOFF = 5;
export const PASSWORD_BACKOFF_FIRST_WAIT_SECONDS = 60;
export const PASSWORD_BACKOFF_MAX_WAIT_SECONDS = 60 * 60;
export const PASSWORD_FAILURES_FORGOTTEN_AFTER_SECONDS = 24 * 60 * 60;
/**
 * The device cookie (OWASP's device-cookie scheme): signed, `HttpOnly`, set
 * at every sign-in, naming the accounts this browser signed in to (at most
 * `DEVICE_COOKIE_MAX_ACCOUNTS`, the latest first). A browser holding it has
 * a failure budget of its own for those accounts, so a stranger's failures
 * never lock their owner out.
 */
export const DEVICE_COOKIE_NAME = "device";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const DEVICE_COOKIE_MAX_ACCOUNTS = 10;
/**
 * The request header the HTTP edge sets to the client IP it resolved,
 * overwriting whatever the client sent; better-auth and the actions read it.
 */
export const CLIENT_IP_HEADER = "x-app-client-ip";
/** The most proxy hops `TRUST_PROXY` may name. */
export const TRUST_PROXY_MAX_HOPS = 10;

/** Navigation (SPEC §6). */
export const MAX_PRELOADS_IN_FLIGHT = 4;
export const REPAINT_MAX_WAIT_MS = 100;
/**
 * Hydration starts after the server's HTML is painted (the first frame waits
 * for the stylesheet), or after this long without a frame, whichever is first.
 */
export const FIRST_PAINT_MAX_WAIT_MS = 1_000;
/** The progress bar shows only for navigations slower than this… */
export const PROGRESS_SHOW_DELAY_MS = 150;
/** …and then stays at least this long, so it never flickers. */
export const PROGRESS_MIN_VISIBLE_MS = 400;

/** Icons (SPEC §7). */
export const ICON_FETCH_TIMEOUT_MS = 1500;
/** The icon endpoint: `GET {ICONS_API_PATH}/{collection}.json?icons=a,b,c`. */
export const ICONS_API_PATH = "/api/_icons";
/** Most icon names one request may ask for; the loader splits larger batches. */
export const ICONS_MAX_PER_REQUEST = 100;
/**
 * Icon answers change only when an icon-set package is updated: a week in
 * caches, then a day of serving the old answer while revalidating (ETag).
 */
export const ICONS_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const ICONS_STALE_WHILE_REVALIDATE_SECONDS = 24 * 60 * 60;

/** New-deployment poll (SPEC §6): one hour by default (`BUILD_POLL_INTERVAL_MS` overrides). */
export const BUILD_POLL_INTERVAL_MS = 60 * 60 * 1000;
/** Checks for a new build (poll or tab shown again) never come closer together than this. */
export const BUILD_CHECK_MIN_GAP_MS = 5_000;
/** Where the build's id files are served: `latest.json` and `meta/{id}.json`. */
export const BUILD_INFO_PATH = "/_app/builds";
/** `latest.json` may be cached this long: several instances can share a CDN, none lags behind. */
export const BUILD_LATEST_MAX_AGE_SECONDS = 5;

/** Request bodies: forms and small JSON only (SPEC §10). */
export const MAX_BODY_BYTES = 64 * 1024;

/** How long a query waits for a locked database before the app answers 503. */
export const DATABASE_BUSY_TIMEOUT_MS = 2500;
/**
 * SQLite waits for a lock synchronously, blocking every request: it waits
 * at most this long at a time, and the app retries the statement
 * asynchronously until `DATABASE_BUSY_TIMEOUT_MS` (db/database.server.ts).
 */
export const SQLITE_BLOCKING_WAIT_MS = 10;
/** What a 503 tells clients to wait before trying again. */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/**
 * PostgreSQL (`DATABASE_URL`). A small pool per instance (ten instances stay
 * under PostgreSQL's default 100 connections). A statement waiting on locks
 * is cancelled after `DATABASE_BUSY_TIMEOUT_MS`; a query that gets no
 * answer at all (a frozen server) fails after `DATABASE_QUERY_TIMEOUT_MS`;
 * a connection, new or from the full pool, is waited for at most
 * `DATABASE_CONNECT_TIMEOUT_MS`. Waiting for a connection and then for its
 * query stays under 5 s, so an outage answers 503 within 5 s and nothing
 * piles up behind it.
 */
export const DATABASE_POOL_MAX = 10;
export const DATABASE_CONNECT_TIMEOUT_MS = 1500;
export const DATABASE_QUERY_TIMEOUT_MS = 3000;
/** Idle connections are closed after this, so a restarted server is reconnected to fresh. */
export const DATABASE_IDLE_TIMEOUT_MS = 30_000;

/** `/readyz` gives up on the database after this and answers 503. */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * Redis (`REDIS_URL`): a command gets this long before the rate limits fall
 * back to this instance's own counters; reconnection attempts back off to
 * at most `REDIS_RECONNECT_MAX_DELAY_MS` apart.
 */
export const REDIS_CONNECT_TIMEOUT_MS = 1000;
export const REDIS_COMMAND_TIMEOUT_MS = 500;
export const REDIS_RECONNECT_MAX_DELAY_MS = 2000;
/** While Redis is taken for down but still connected (a stall), a `PING` this often asks if it is back. */
export const REDIS_PROBE_INTERVAL_MS = 500;
/** Every rate-limit counter's key starts with this, so the app's keys are easy to find. */
export const RATE_LIMIT_KEY_PREFIX = "rate-limit:";

/**
 * Email (issue 9). Without `SMTP_URL`, mails are written as `.eml` files to
 * this folder inside `DATA_DIR`, so a zero-config start still "sends" them.
 */
export const MAIL_OUTBOX_DIR = "outbox";
/** How long the shutdown waits for mails being sent; the rest stay in the outbox table for the next start. */
export const MAIL_SHUTDOWN_WAIT_MS = 5_000;
/** How often each instance looks at the outbox table (mails are also sent at once when queued). */
export const MAIL_POLL_MS = 5_000;
/** Mails one instance claims at a time. */
export const MAIL_BATCH_SIZE = 8;
/**
 * A single send through SMTP, or write to the outbox folder, gives up after
 * this long (and is tried again later). A claim on a mail lasts twice as
 * long, so no other instance sends a mail while a send of it may still run;
 * a mail claimed by a process that died goes out once the claim has run out.
 */
export const SMTP_SEND_TIMEOUT_MS = 30_000;
export const OUTBOX_WRITE_TIMEOUT_MS = 5_000;
/** A failed send is tried again after 5 s, then 10 s, 20 s…, at most an hour apart… */
export const MAIL_RETRY_FIRST_MS = 5_000;
export const MAIL_RETRY_MAX_MS = 60 * 60 * 1000;
/** …and given up after this many tries (about 2.5 hours). */
export const MAIL_MAX_ATTEMPTS = 12;
/** Sent and failed mails (their content erased) stay in the table this long. */
export const MAIL_RETENTION_DAYS = 7;
/** SMTP connection and greeting timeouts: a dead mail server never holds a send for long. */
export const SMTP_TIMEOUT_MS = 10_000;
/** A password-reset link works once, for this long (SPEC: 30 minutes). */
export const PASSWORD_RESET_TOKEN_SECONDS = 30 * 60;
/** An email-verification link works once, for this long. */
export const EMAIL_VERIFICATION_TOKEN_SECONDS = 24 * 60 * 60;
/**
 * The "Not you? Sign out everywhere" link of a new-device notice works once,
 * for as long as a session can live without being used.
 */
export const SIGN_OUT_EVERYWHERE_TOKEN_SECONDS = SESSION_LIFETIME_SECONDS;
/**
 * Mails asked for by a form (password reset, "Resend" verification): per
 * email address per rate-limit window, on top of the per-IP limit.
 */
export const MAIL_RATE_LIMIT_PER_ACCOUNT = 3;
/**
 * Changing the email address: the link mailed to the new address (it
 * changes nothing until followed), and the notice's undo link to the old
 * one, which also signs out everywhere.
 */
export const CHANGE_EMAIL_PATH = "/change-email";
export const UNDO_EMAIL_CHANGE_PATH = "/undo-email-change";
export const EMAIL_CHANGE_TOKEN_SECONDS = 60 * 60;
export const EMAIL_CHANGE_UNDO_SECONDS = 7 * 24 * 60 * 60;
/** The pages of the email flows. */
export const FORGOT_PASSWORD_PATH = "/forgot-password";
/**
 * Guest pages rendered once per server process, at their first request with
 * no session cookie and no query, and served as static files from then on:
 * they show the sign-in providers configured at start, so the build cannot
 * render them.
 */
export const RENDERED_ONCE_PATHS: readonly string[] = [SIGN_IN_PATH, FORGOT_PASSWORD_PATH];
export const RESET_PASSWORD_PATH = "/reset-password";
export const VERIFY_EMAIL_PATH = "/verify-email";
/** Where "Create account" continues: "Check your inbox" and the code field (the mailed link lands here too). */
export const CONFIRM_SIGN_UP_PATH = "/confirm-sign-up";
export const SIGN_OUT_EVERYWHERE_PATH = "/sign-out-everywhere";
/** The query parameter that carries a mailed link's token. */
export const MAIL_TOKEN_PARAM = "token";

/** The brand's colours outside the stylesheet: the web app manifest and the browser's toolbar. */
export const BRAND_COLORS = {
  /** The brand blue (light mode's primary), the toolbar's colour on light pages. */
  theme: "#1d4ed8",
  /** The page colour of each mode. */
  background: "#ffffff",
  darkBackground: "#0b0b0f",
} as const;
