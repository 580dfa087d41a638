/** The accounts as the console's pages receive them (from ./accounts.server.ts): never a secret, hash or token. */
import type { ActivityItem } from "~/lib/activity";
import type { SessionSummary } from "~/lib/dashboard";

/** What an account is now: suspension first (it locks everything), then the console's own rule. */
export type AccountStatus = "active" | "suspended" | "administrator";

/** When the account last signed in, and where the console read it: the activity log, or its newest session. */
export type LastSignIn = { at: string; from: "activity" | "session" };

/** One row of `/admin`. */
export type AccountRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: string;
  lastSignIn: LastSignIn | null;
  /** The second factors it has, by name (none: two-step sign-in is off). */
  secondFactors: string[];
  teams: number;
  status: AccountStatus;
};

/** `/admin/accounts/:userId`: the account, how it signs in, where, what it belongs to, and what it did lately. */
export type AccountDetails = {
  account: Omit<AccountRow, "secondFactors" | "teams"> & {
    isAdmin: boolean;
    /** `ADMIN_EMAILS` lists its verified address: the console cannot take the role away. */
    listed: boolean;
    /** The administrator looking at the page. */
    isYou: boolean;
    suspension: { reason: string | null; until: string | null } | null;
  };
  sessions: SessionSummary[];
  methods: {
    password: boolean;
    providers: { name: string; linkedAt: string }[];
    secondFactors: string[];
  };
  teams: { name: string; role: string }[];
  activity: ActivityItem[];
};
