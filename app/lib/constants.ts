/**
 * The core's product constants in one place (a feature keeps its own in its
 * folder). Browser and server code both import from here, so nothing in
 * this file may touch Node or the DOM.
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
/**
 * What every new-password field says of its rules, in English: people read
 * `newPasswordHint()` (./password-hint.ts), in their language.
 * @deprecated for a page: call `newPasswordHint()` when rendering.
 */
export const NEW_PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common password or one built from your name, email or the app's name.`;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Sessions slide: each use within the window extends them. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** However much a session is used, it ends this long after its sign-in. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/**
 * A sign-in this recent counts as "fresh": deleting an account that has no
 * password, and unlinking a provider, need one (better-auth's `freshAge`).
 */
export const SESSION_FRESH_AGE_SECONDS = 5 * 60;
/** The code of the refusal (403) of a change by a session signed in longer ago than that: the browser offers "Sign in again". */
export const NOT_FRESH_SIGN_IN_CODE = "SIGN_IN_NOT_RECENT";

/**
 * An account that may not sign in now (`AuthExtensions.signInRefusal`: the
 * admin console's suspension). Every way in answers it with this message,
 * the same words whichever feature refused: a provider's callback can
 * carry only the code back to the sign-in page (its text is never shown),
 * so the page needs the words here. The code is better-auth's, whose
 * `admin` plugin refuses to make the account a session (`BANNED_USER`),
 * only after the account's own proof (a right password, a provider's or
 * a passkey's answer) was accepted: the core answers it with the message,
 * never as a wrong password. People read `accountRefusedMessage()`
 * (./account-refused.ts), in their language; this file holds no messages.
 */
export const ACCOUNT_REFUSED_CODE = "BANNED_USER";
/**
 * The message's English words, for the end-to-end suite (its browser asks
 * for English) to find it on a page.
 * @deprecated for a page or an answer: call `accountRefusedMessage()` when answering.
 */
export const ACCOUNT_REFUSED_MESSAGE = "This account is suspended. Contact support.";

/** The dashboard's recent activity: how many entries it shows, and how long they are kept. */
export const ACTIVITY_SHOWN = 20;
export const ACTIVITY_RETENTION_DAYS = 90;

/** Pages rendered at build time for guests, with their data files (served as static files). */
export const PRERENDERED_PATHS: readonly string[] = ["/"];

/** The endpoint that answers the current session. */
export const SESSION_API_PATH = "/api/_auth/session";

/** A chunk that fails to load reloads the page: at most once per path within this long. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** Colour mode: where the browser keeps the light, dark or system choice. */
export const COLOR_MODE_STORAGE_KEY = "nuxt-color-mode";

/**
 * The sign-in popup's contract with the page that opened it (the
 * sign-in-providers feature uses them; the end-to-end suite reads them
 * here): the local-storage flag, its age limit and the window's name.
 */
export const POPUP_FLAG_KEY = "temp-nuxt-auth-utils-popup";
/** A popup flag older than this is left over from a sign-in given up halfway: it closes nothing. */
export const POPUP_FLAG_MAX_AGE_MS = 10 * 60 * 1000;
/** The popup's window name, so a second click reuses the open popup. */
export const POPUP_WINDOW_NAME = "sign-in-popup";

/** Where better-auth's own endpoints live (OAuth callbacks, passkeys). */
export const AUTH_API_PATH = "/api/auth";

/**
 * Rate limits on sign-in, account creation, passkey and OAuth endpoints
 * per client IP and per address. Fixed windows of minutes: a per-account limit that an attacker
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
/**
 * Email-first sign-up: nothing is created until the mailed
 * six-digit code comes back. A code works once, for 15 minutes, and is void
 * after 5 wrong tries; every try counts against the address, at most 10 an
 * hour, so guessing someone's code stays hopeless.
 */
export const SIGN_UP_CODE_DIGITS = 6;
export const SIGN_UP_CODE_SECONDS = 15 * 60;
export const SIGN_UP_CODE_TRIES = 5;

/**
 * Wrong passwords (sign-in, and the password checks of a signed-in session:
 * changing it, deleting the account), counted per account, and apart per
 * browser that signed in to it before (the device cookie). The first five
 * cost nothing; then each failure makes the next attempt wait, 1 minute,
 * 2, 4… up to an hour; the count is forgotten a day after the last failure.
 * Successful attempts never count.
 */
export const PASSWORD_FAILURES_BEFORE_BACKOFF = 5;
/**
 * The request header the HTTP edge sets to the client IP it resolved,
 * overwriting whatever the client sent; better-auth and the actions read it.
 */
export const CLIENT_IP_HEADER = "x-app-client-ip";

/** Icons: how long a request for icons may take. */
export const ICON_FETCH_TIMEOUT_MS = 1500;
/** The icon endpoint: `GET {ICONS_API_PATH}/{collection}.json?icons=a,b,c`. */
export const ICONS_API_PATH = "/api/_icons";
/** Most icon names one request may ask for; the loader splits larger batches. */
export const ICONS_MAX_PER_REQUEST = 100;

/** How often an open page checks for a new deployment: one hour by default (`BUILD_POLL_INTERVAL_MS` overrides). */
export const BUILD_POLL_INTERVAL_MS = 60 * 60 * 1000;
/** Checks for a new build (poll or tab shown again) never come closer together than this. */
export const BUILD_CHECK_MIN_GAP_MS = 5_000;
/** Where the build's id files are served: `latest.json` and `meta/{id}.json`. */
export const BUILD_INFO_PATH = "/_app/builds";

/** How long a query waits for a locked database before the app answers 503. */
export const DATABASE_BUSY_TIMEOUT_MS = 2500;

export const DATABASE_CONNECT_TIMEOUT_MS = 1500;

/** `/readyz` gives up on the database after this and answers 503. */
export const READINESS_TIMEOUT_MS = 2000;

/** Every rate-limit counter's key starts with this, so the app's keys are easy to find. */
export const RATE_LIMIT_KEY_PREFIX = "rate-limit:";

/** A failed send is tried again after 5 s, then 10 s, 20 s…, at most an hour apart… */
export const MAIL_RETRY_FIRST_MS = 5_000;
/** …and given up after this many tries (about 2.5 hours). */
export const MAIL_MAX_ATTEMPTS = 12;
/** A password-reset link works once, for this long (30 minutes). */
export const PASSWORD_RESET_TOKEN_SECONDS = 30 * 60;
/**
 * Mails asked for by a form (password reset, "Resend" verification): per
 * email address per rate-limit window, on top of the per-IP limit.
 */
export const MAIL_RATE_LIMIT_PER_ACCOUNT = 3;
/** The pages of the email flows. */
export const FORGOT_PASSWORD_PATH = "/forgot-password";
/** Where "Create account" continues: "Check your inbox" and the code field (the mailed link lands here too). */
export const CONFIRM_SIGN_UP_PATH = "/confirm-sign-up";
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
