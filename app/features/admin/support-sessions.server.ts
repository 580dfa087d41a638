/**
 * The two sessions of a support sign-in: the person's, made for the
 * administrator (`impersonatedBy`, an hour at most, no sign-in of the
 * person's: no activity entry of one, no new-device mail), and the
 * administrator's own, given back only while it still lives, is theirs,
 * and they are still an administrator. How a support sign-in ends, once,
 * in the trail.
 */
import type { BetterAuthPlugin } from "better-auth";
import type { Kysely } from "kysely";
import { CLIENT_IP_HEADER } from "~/lib/constants";
import type { AuthSession } from "~/server/auth/auth.server";
import type { AppServices } from "~/server/context.server";
import { isImpersonated } from "~/server/session/impersonation.server";
import type { Database } from "../../../db/schema";
import { type AdminSettings, administratorFacts, isAdministrator } from "./administrators.server";
import { type AuditPerson, writeAudit } from "./audit.server";
import { SUPPORT_SIGN_IN_SECONDS } from "./constants";
import { type AuthContext, type SetAside, sessionCookies } from "./support-cookies.server";

const PLUGIN_ID = "admin-support-sign-in";

type SessionRow = {
  token: string;
  createdAt: Date | string;
  expiresAt: Date | string;
  impersonatedBy?: unknown;
};

/**
 * better-auth plugin: holds the console's settings for the hooks that get
 * only better-auth (`AuthExtensions.restoreSession` asks who is an
 * administrator), and keeps a support session within its hour. better-auth
 * never slides it while the browser keeps its `dont_remember` cookie; a
 * browser that drops that cookie gets the slide pulled back to the hour.
 */
export function supportSignInPlugin(settings: AdminSettings) {
  let context: Parameters<NonNullable<BetterAuthPlugin["init"]>>[0] | undefined;
  async function keepWithinTheHour(session: SessionRow) {
    if (!session.impersonatedBy || !context) return;
    const end = new Date(new Date(session.createdAt).getTime() + SUPPORT_SIGN_IN_SECONDS * 1000);
    if (new Date(session.expiresAt).getTime() <= end.getTime()) return;
    await context.internalAdapter.updateSession(session.token, { expiresAt: end });
  }
  return {
    id: PLUGIN_ID,
    options: { settings },
    init(ctx) {
      context = ctx;
      return { options: { databaseHooks: { session: { update: { after: keepWithinTheHour } } } } };
    },
  } satisfies BetterAuthPlugin;
}

/** The console's settings, as the plugin holds them for this better-auth instance. */
function settingsOf(context: AuthContext): AdminSettings {
  const plugins: readonly BetterAuthPlugin[] = context.options.plugins ?? [];
  const plugin = plugins.find((candidate) => candidate.id === PLUGIN_ID);
  return (plugin?.options as { settings?: AdminSettings } | undefined)?.settings ?? { emails: new Set() };
}

/** The administrator signed in as this session's person, if any (`session.impersonatedBy`). */
export function impersonatorOf(session: AuthSession["session"]): string | null {
  const by = (session as { impersonatedBy?: unknown }).impersonatedBy;
  return typeof by === "string" && by ? by : null;
}

/**
 * Makes the person's session for the administrator: theirs to see among
 * their sessions (the administrator's browser and address), marked with
 * the administrator, and over within the hour. Made straight through
 * better-auth's store, outside any sign-in endpoint: the activity log
 * records no sign-in of the person, and no new-device mail goes out.
 */
export async function createSupportSession(
  context: AuthContext,
  request: Request,
  { targetId, adminId }: { targetId: string; adminId: string },
) {
  const endsAt = new Date(Date.now() + SUPPORT_SIGN_IN_SECONDS * 1000);
  const session = await context.internalAdapter.createSession(
    targetId,
    true,
    {
      impersonatedBy: adminId,
      expiresAt: endsAt,
      ipAddress: request.headers.get(CLIENT_IP_HEADER) ?? "",
      userAgent: request.headers.get("user-agent") ?? "",
    },
    true,
  );
  return { session, endsAt };
}

/**
 * The administrator's own session the browser set aside, when it may be
 * given back: it still lives, it is the session of the administrator who
 * started the support sign-in (and no support session itself), and that
 * account is still an administrator (read from the database now).
 */
export async function administratorSession(
  { auth, db }: Pick<AppServices, "auth" | "db">,
  setAside: SetAside,
): Promise<AuthSession | null> {
  const context = await auth.$context;
  const [cookie] = await sessionCookies(context, setAside.token, { forgetful: false });
  const session = await auth.api.getSession({
    headers: new Headers({ cookie: cookie?.split(";")[0] ?? "" }),
    query: { disableCookieCache: true },
  });
  if (!session || session.user.id !== setAside.admin.id || isImpersonated(session.session)) return null;
  const facts = await administratorFacts(db, session.user.id);
  return facts && isAdministrator(settingsOf(context), facts) ? session : null;
}

/** A support sign-in as the trail's end entry names it. */
export type SupportSignIn = {
  supportSessionId: string;
  admin: AuditPerson;
  target: AuditPerson;
  endsAt: Date;
};

/** The one end entry of a support sign-in: Stop and the hour's end share its id, so only the first is written. */
const endEntryId = (supportSessionId: string) => `support-end:${supportSessionId}`;

/**
 * Ends a support sign-in: its session is deleted (nothing of it survives
 * Stop), and the trail gets its end once: `stop`, or `expired` (the hour
 * was up, or the session was signed out first). A second call changes nothing.
 */
export async function endSupportSignIn(
  db: Kysely<Database>,
  request: Pick<Request, "headers">,
  { supportSessionId, admin, target, endsAt }: SupportSignIn,
  how: "stop" | "expired",
): Promise<void> {
  const once = endEntryId(supportSessionId);
  // Read first: a browser whose administrator cannot be given back asks again at each request.
  if (await db.selectFrom("admin_audit").select("id").where("id", "=", once).executeTakeFirst()) return;
  await db.deleteFrom("session").where("id", "=", supportSessionId).execute();
  // A record, in English (./audit-detail.tsx says it in the reader's language).
  const detail =
    how === "stop"
      ? null
      : Date.now() >= endsAt.getTime()
        ? "The hour was up."
        : "Its session ended before the hour was up: signed out.";
  const action = how === "stop" ? "support-sign-in-stop" : "support-sign-in-expired";
  await writeAudit(db, request, { action, admin, target, detail, once });
}

/** Someone as the trail names them now, by id: their current address, else `known` (or none: the account is gone). */
export async function trailPerson(
  db: Kysely<Database>,
  id: string,
  known?: AuditPerson,
): Promise<AuditPerson> {
  const row = await db.selectFrom("user").select(["id", "email"]).where("id", "=", id).executeTakeFirst();
  return row ?? known ?? { id, email: "" };
}
