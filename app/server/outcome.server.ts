import { isAPIError } from "better-auth/api";
import { retryAfterOf } from "./rate-limit.server";

/** What a dashboard action answers: a message to show, and cookies to set when it changed the session. */
export type Outcome =
  | { ok: true; message: string; setCookie?: string[] }
  | {
      ok: false;
      status: number;
      message: string;
      fieldErrors?: Partial<Record<string, string>>;
      /** Refused for want of a fresh sign-in: the page offers "Sign in again". */
      signInAgain?: boolean;
      /** Refused for too many attempts: the seconds to wait (`Retry-After`). */
      retryAfterSeconds?: number;
    };

export const done = (message: string, setCookie?: string[]): Outcome => ({ ok: true, message, setCookie });

export const refused = (
  status: number,
  message: string,
  fieldErrors?: Partial<Record<string, string>>,
): Outcome => ({
  ok: false,
  status,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

/** A refusal for too many attempts: `429`, its message, and the wait. */
export const tooMany = (message: string, retryAfterSeconds: number): Outcome => ({
  ok: false,
  status: 429,
  message,
  retryAfterSeconds,
});

/**
 * Runs a better-auth call and turns its refusals into answers people read:
 * too many attempts (`429`) says how long to wait, known error codes get
 * their own message (`refusals`), any other 4xx `otherwise` (a general
 * message by default). Server errors are left to throw (a 500, or a 503
 * from `answerOutagesWith503`).
 */
export async function attempt(
  work: () => Promise<Outcome>,
  refusals: Record<string, Outcome> = {},
  otherwise?: Outcome,
): Promise<Outcome> {
  try {
    return await work();
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    const retryAfterSeconds = retryAfterOf(error);
    if (retryAfterSeconds !== null) return tooMany(error.message, retryAfterSeconds);
    const code = error.body?.code;
    if (code && Object.hasOwn(refusals, code)) return refusals[code] as Outcome;
    return otherwise ?? refused(error.statusCode, "That did not work. Reload the page and try again.");
  }
}
