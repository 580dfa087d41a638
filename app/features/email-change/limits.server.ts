import { AUTH_RATE_LIMIT_WINDOW_SECONDS, MAIL_RATE_LIMIT_PER_ACCOUNT } from "~/lib/constants";
import type { NamedLimit } from "~/server/limits/rate-limit.server";

/**
 * How many email changes may be asked for, beside the per-IP limit: like
 * every mail a form asks for, a few per address per window, counted apart
 * for the account that asks (by its user id) and for the new address
 * (whoever asks), so asking to move into someone's address never spends
 * their own changes.
 */
const mailsPerWindow = { max: MAIL_RATE_LIMIT_PER_ACCOUNT, windowSeconds: AUTH_RATE_LIMIT_WINDOW_SECONDS };

/** The changes one account asked for, by its user id. */
export const CHANGES_ASKED_BY_ACCOUNT: NamedLimit = { name: "email-change-by", ...mailsPerWindow };

/** The changes into one address (as the form's rules wrote it: trimmed, lower case), whoever asked. */
export const CHANGES_INTO_ADDRESS: NamedLimit = { name: "email-change", ...mailsPerWindow };
