/**
 * Who is an administrator: an account whose verified address is listed in
 * `ADMIN_EMAILS` (read at start), or one another administrator made one in
 * the console (`user.role` is `admin`). Nobody else, whatever they post.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { FeatureSettings } from "~/server/features.server";
import type { Database } from "../../../db/schema";

/** The key of the console's settings in the parsed environment (`ServerFeature.config`). */
export const ADMIN_ENV_KEY = "admin";

/** The role better-auth's admin plugin reads, as the console stores it. */
export const ADMIN_ROLE = "admin";

export type AdminSettings = { emails: ReadonlySet<string> };

/** `ADMIN_EMAILS`: addresses, comma-separated; a malformed one stops the start with one line naming it. */
export const ADMIN_VARIABLES = {
  ADMIN_EMAILS: z
    .string()
    .optional()
    .refine(
      (value) => listedAddresses(value).every((address) => z.email().safeParse(address).success),
      "must be email addresses separated by commas",
    ),
};

function listedAddresses(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
}

export function readAdminSettings(env: Record<string, unknown>): AdminSettings {
  return { emails: new Set(listedAddresses(env.ADMIN_EMAILS as string | undefined)) };
}

export function adminSettingsOf(env: FeatureSettings): AdminSettings {
  return (env[ADMIN_ENV_KEY] as AdminSettings | undefined) ?? { emails: new Set() };
}

/** The fields of an account the rule reads. */
export type AdminCandidate = { email: string; emailVerified: boolean; role?: string | null };

/** Whether the account's verified address is listed in `ADMIN_EMAILS` (then the console cannot remove it). */
export function isListedAdministrator(settings: AdminSettings, user: AdminCandidate): boolean {
  return user.emailVerified && settings.emails.has(user.email.toLowerCase());
}

export function isAdministrator(settings: AdminSettings, user: AdminCandidate): boolean {
  return user.role === ADMIN_ROLE || isListedAdministrator(settings, user);
}

/**
 * The account as the rule reads it, straight from the database (never from
 * a session that may be older), with the language it chose (a mail to it speaks it).
 */
export async function administratorFacts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("user")
    .select(["id", "email", "name", "emailVerified", "role", "banned", "banExpires", "locale"])
    .where("id", "=", userId)
    .executeTakeFirst();
}
