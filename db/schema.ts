import type { ColumnType, Generated } from "kysely";

/**
 * A point in time, as `./migrations/types.ts` stores it: PostgreSQL's
 * `timestamptz` reads back as a `Date`, SQLite's ISO text as a string. The
 * app writes ISO text, which both accept (node:sqlite cannot bind a `Date`).
 */
export type Timestamp = ColumnType<Date | string, string, string>;

/** True or false: a `boolean` on PostgreSQL, `0`/`1` on SQLite (write the one the database takes). */
export type Flag = ColumnType<boolean | number, boolean | number, boolean | number>;

/** A `Flag` with a default (false): an insert may leave it out. */
export type FlagOrFalse = ColumnType<boolean | number, boolean | number | undefined, boolean | number>;

/** A `Timestamp` as read from either database, as ISO text (for pages and comparisons of text). */
export function toIsoString(value: Date | string): string {
  return new Date(value).toISOString();
}

/** better-auth's people (db/migrations/0001-auth-tables.ts), the core's columns. */
interface CoreUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Flag;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** When the address last changed (0007-email-changed-at.ts); null if never. */
  emailChangedAt: Timestamp | null;
  /** Raised by every change of the address or of how the account is secured; mailed links carry it (0009). */
  securityStamp: Generated<number>;
  /** The id of the email change waiting for its link, or null (0009-mailed-link-state.ts). */
  pendingEmailChange: string | null;
}

/**
 * `user` with every column: the core's, and those a feature's migrations
 * add, which the feature declares itself (`declare module`, merged here).
 */
export interface UserTable extends CoreUserTable {}

/** better-auth's sessions; `token` is the cookie's value. */
export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

/** better-auth's sign-in accounts: a provider's, or the password (`providerId` `credential`). */
export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** better-auth's one-time values: OAuth states, passkey challenges, mailed tokens (hashed). */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** `@better-auth/passkey`'s credentials (0002-passkeys.ts). */
export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: Flag;
  transports: string | null;
  createdAt: Timestamp | null;
  aaguid: string | null;
}

/** The activity log (0003-activity.ts); `success` is `0`/`1` on both databases. */
export interface ActivityTable {
  id: Generated<number>;
  userId: string;
  kind: string;
  method: string | null;
  browser: string | null;
  ip: string | null;
  success: number;
  createdAt: Timestamp;
}

/** The mail outbox (0004-mail-outbox.ts). */
export interface MailTable {
  id: string;
  kind: string;
  payload: string;
  /** `uncertain`: a send the mail server may have taken without telling us; never sent again. */
  status: "pending" | "sent" | "failed" | "uncertain";
  attempts: number;
  nextAttemptAt: Timestamp;
  claim: string | null;
  claimedUntil: Timestamp | null;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
}

/** Email-first sign-ups waiting for their code (0005-pending-sign-up.ts). */
export interface PendingSignUpTable {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  codeHash: string;
  tries: number;
  redirectTo: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  /** HMAC of the asking browser's cookie (0009-mailed-link-state.ts); null for older requests. */
  requesterHash: string | null;
}

/** The one row `/readyz` writes (0006-readiness-probe.ts). */
export interface ReadinessProbeTable {
  id: number;
  checkedAt: Timestamp;
}

/**
 * Every table the migrations create, as the app reads and writes it:
 * `Kysely<Database>`. Kysely's own migration tables are not the app's. A
 * migration changes this file too; `schema.test.ts` compares it with what
 * the migrations make on SQLite and PostgreSQL.
 */
interface CoreDatabase {
  user: CoreUserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  passkey: PasskeyTable;
  activity: ActivityTable;
  mail: MailTable;
  pendingSignUp: PendingSignUpTable;
  readinessProbe: ReadinessProbeTable;
}

/**
 * Every table: the core's, and those a feature's migrations make, which
 * the feature declares itself (`declare module`, merged here).
 */
export interface Database extends CoreDatabase {
  user: UserTable;
}

/**
 * The core's part of `Database` at run time, for `schema.test.ts`: each
 * table's columns (the features' are their `ServerFeature.tables`). Typed
 * so that a table or column missing here, or here and not in the core's
 * tables, does not compile.
 */
export const tableColumns: { [Table in keyof CoreDatabase]: Record<keyof CoreDatabase[Table], true> } = {
  user: {
    id: true,
    name: true,
    email: true,
    emailVerified: true,
    image: true,
    createdAt: true,
    updatedAt: true,
    emailChangedAt: true,
    securityStamp: true,
    pendingEmailChange: true,
  },
  session: {
    id: true,
    expiresAt: true,
    token: true,
    createdAt: true,
    updatedAt: true,
    ipAddress: true,
    userAgent: true,
    userId: true,
  },
  account: {
    id: true,
    accountId: true,
    providerId: true,
    userId: true,
    accessToken: true,
    refreshToken: true,
    idToken: true,
    accessTokenExpiresAt: true,
    refreshTokenExpiresAt: true,
    scope: true,
    password: true,
    createdAt: true,
    updatedAt: true,
  },
  verification: {
    id: true,
    identifier: true,
    value: true,
    expiresAt: true,
    createdAt: true,
    updatedAt: true,
  },
  passkey: {
    id: true,
    name: true,
    publicKey: true,
    userId: true,
    credentialID: true,
    counter: true,
    deviceType: true,
    backedUp: true,
    transports: true,
    createdAt: true,
    aaguid: true,
  },
  activity: {
    id: true,
    userId: true,
    kind: true,
    method: true,
    browser: true,
    ip: true,
    success: true,
    createdAt: true,
  },
  mail: {
    id: true,
    kind: true,
    payload: true,
    status: true,
    attempts: true,
    nextAttemptAt: true,
    claim: true,
    claimedUntil: true,
    createdAt: true,
    sentAt: true,
  },
  pendingSignUp: {
    id: true,
    email: true,
    name: true,
    passwordHash: true,
    codeHash: true,
    tries: true,
    redirectTo: true,
    expiresAt: true,
    createdAt: true,
    requesterHash: true,
  },
  readinessProbe: { id: true, checkedAt: true },
};
