/**
 * Two-step sign-in's tables and columns (its migrations, ./migrations/),
 * merged into the core's `Database` type, and listed for the schema test.
 */
import type { Generated } from "kysely";
import type { FlagOrFalse, Timestamp } from "../../../db/schema";

/**
 * better-auth's two-step sign-in, one row per user (0008-two-factor.ts):
 * the authenticator secret (encrypted), the recovery codes (keyed hashes,
 * JSON), and whether a first code confirmed the setup.
 */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: FlagOrFalse;
  failedVerificationCount: Generated<number>;
  lockedUntil: Timestamp | null;
  /** The time step of the last authenticator code accepted (0010-two-factor-last-step.ts); null before the first. */
  lastStep: number | null;
}

declare module "../../../db/schema" {
  interface UserTable {
    /** Whether sign-in asks for an authenticator code (0008-two-factor.ts). */
    twoFactorEnabled: FlagOrFalse;
  }
  interface Database {
    twoFactor: TwoFactorTable;
  }
}

/** The columns its migrations make, for the schema test (`ServerFeature.tables`). */
export const TWO_FACTOR_TABLES = {
  user: { twoFactorEnabled: true },
  twoFactor: {
    id: true,
    secret: true,
    backupCodes: true,
    userId: true,
    verified: true,
    failedVerificationCount: true,
    lockedUntil: true,
    lastStep: true,
  },
} satisfies { user: Record<"twoFactorEnabled", true>; twoFactor: Record<keyof TwoFactorTable, true> };
