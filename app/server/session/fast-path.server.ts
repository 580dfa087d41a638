import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { parse } from "hono/utils/cookie";
import { createQueryId, type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import type { Auth, AuthSession } from "../auth/auth.server";

/** better-call's signed cookie: `{value}.{base64 HMAC-SHA256}`, the signature always 44 characters. */
const SIGNATURE_LENGTH = 44;

/** The token a signed cookie value carries when its signature is ours, else null. */
export function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  const signature = Buffer.from(signedValue.slice(dot + 1));
  if (signature.length !== SIGNATURE_LENGTH) return null;
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return timingSafeEqual(signature, expected) ? token : null;
}

/** A user or session column a better-auth plugin adds (a feature's), which getSession returns too. */
type PluginField = { table: "user" | "session"; key: string; column: string; boolean: boolean };

/** The user and session columns the plugins add (their `schema.user.fields`, `schema.session.fields`), as getSession returns them. */
function pluginFields(context: Awaited<Auth["$context"]>): PluginField[] {
  const plugins: readonly BetterAuthPlugin[] = context.options.plugins ?? [];
  return plugins.flatMap((plugin) =>
    (["user", "session"] as const).flatMap((table) =>
      Object.entries(plugin.schema?.[table]?.fields ?? {})
        .filter(([, field]) => field.returned !== false)
        .map(([key, field]) => ({
          table,
          key,
          column: field.fieldName ?? key,
          boolean: field.type === "boolean",
        })),
    ),
  );
}

/** The session-by-token query with its user, compiled for one database (the SQL differs by dialect). */
const compileLookup = (kysely: Kysely<Database>, extra: readonly PluginField[]) =>
  kysely
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select([
      "session.id as sessionId",
      "session.expiresAt",
      "session.createdAt as sessionCreatedAt",
      "session.updatedAt as sessionUpdatedAt",
      "session.ipAddress",
      "session.userAgent",
      "session.userId",
      "user.name",
      "user.email",
      "user.emailVerified",
      "user.image",
      "user.locale",
      "user.createdAt as userCreatedAt",
      "user.updatedAt as userUpdatedAt",
      ...extra.map(({ table, key, column }) =>
        sql<unknown>`${sql.ref(`${table}.${column}`)}`.as(`plugin_${table}_${key}`),
      ),
    ])
    .where("session.token", "=", "")
    .compile();

const compiledLookups = new WeakMap<Kysely<Database>, ReturnType<typeof compileLookup>>();

/**
 * The session with that token and its user, in better-auth's shape: one
 * query on the unique token index, joined to the user by primary key (with
 * the user columns the plugins add, `extra`, as getSession returns them).
 * better-auth's adapter would
 * make two, each through its generic field mapping. The query is built and
 * compiled once (`compileLookup`): per request only the token changes, and
 * building it again cost more than running it.
 */
async function findSessionByToken(
  kysely: Kysely<Database>,
  token: string,
  extra: readonly PluginField[],
): Promise<AuthSession | undefined> {
  let lookup = compiledLookups.get(kysely);
  if (!lookup) {
    lookup = compileLookup(kysely, extra);
    compiledLookups.set(kysely, lookup);
  }
  const query: typeof lookup = { ...lookup, parameters: [token], queryId: createQueryId() };
  const { rows } = await kysely.executeQuery(query);
  const row = rows[0] as (typeof rows)[number] & Record<string, unknown>;
  if (!row) return undefined;
  const added = (table: PluginField["table"]) =>
    Object.fromEntries(
      extra
        .filter((field) => field.table === table)
        .map(({ key, boolean }) => {
          const value = row[`plugin_${table}_${key}`];
          return [key, boolean ? Boolean(value) : value];
        }),
    );
  return {
    session: {
      id: row.sessionId,
      token,
      userId: row.userId,
      expiresAt: row.expiresAt,
      createdAt: row.sessionCreatedAt,
      updatedAt: row.sessionUpdatedAt,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      ...added("session"),
    },
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerified,
      image: row.image,
      locale: row.locale,
      createdAt: row.userCreatedAt,
      updatedAt: row.userUpdatedAt,
      ...added("user"),
    },
  } satisfies AuthSession;
}

/**
 * The common case of reading a session, without better-auth's endpoint
 * machinery (its request context, every plugin's hooks, WebCrypto): the
 * cookie's signature checked with the same HMAC and secret, then one
 * indexed query joining the user (`findSessionByToken`).
 *
 * `undefined` means "ask better-auth": no or a bad cookie, a session missing
 * or expired (better-auth clears the cookie and deletes the row), one due
 * to slide its expiry (better-auth writes it and sends the new cookie), "do
 * not remember me", or a leftover cookie cache. So the answers and the
 * writes stay better-auth's; only the read that changes nothing is ours.
 */
export async function readSessionDirectly(
  { auth, db }: { auth: Auth; db: Kysely<Database> },
  headers: Headers,
): Promise<AuthSession | undefined> {
  const context = await auth.$context;
  const cookies = parse(headers.get("cookie") ?? "");
  const { sessionToken, sessionData, dontRememberToken } = context.authCookies;
  const signed = cookies[sessionToken.name];
  if (!signed || cookies[sessionData.name] || cookies[dontRememberToken.name]) return undefined;
  const token = verifiedToken(signed, context.secret);
  if (!token) return undefined;
  const found = await findSessionByToken(db, token, pluginFields(context));
  if (!found) return undefined;
  const expiresAt = found.session.expiresAt.getTime();
  const { expiresIn, updateAge } = context.sessionConfig;
  const dueToSlide = expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now();
  if (expiresAt <= Date.now() || dueToSlide) return undefined;
  return found;
}
