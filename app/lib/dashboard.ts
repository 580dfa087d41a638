import type { ActivityItem } from "./activity";

/**
 * What the dashboard's loader sends the page: shared by the server modules
 * that build each part and the cards that show it, so neither side imports
 * the other's files. Dates are ISO strings (they cross the wire as JSON).
 */
export type DashboardData = {
  user: DashboardUser;
  signedInAt: string;
  /** Until when this sign-in is fresh enough to delete a password-less account or unlink a way in. */
  freshUntil: string;
  sessions: SessionSummary[];
  activity: ActivityItem[];
  hasPassword: boolean;
  /** The accounts joined to this one besides the password (a provider's), whether or not still offered. */
  linkedAccounts: LinkedAccount[];
  /** How many ways in the account has: its password, providers and the features' (passkeys…). */
  waysIn: number;
  /** What each listed feature's sections show, by section key: read through the section (`dashboardSection`, ./dashboard-section.ts), never by key. */
  features: Record<string, unknown>;
};

/** The signed-in person as their Account card shows them. */
export type DashboardUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | undefined;
  memberSince: string;
};

/** The kind of device a session runs on, for its icon. */
export type DeviceType = "desktop" | "mobile" | "tablet" | "unknown";

/** A session as the dashboard lists it: never its token. */
export type SessionSummary = {
  id: string;
  browser: string;
  deviceType: DeviceType;
  ip: string | null;
  createdAt: string;
  /** When better-auth last slid its expiry (at most a day behind its last use). */
  lastActiveAt: string;
  current: boolean;
};

/**
 * An account joined to this one (`account.providerId`: a provider's), and
 * since when; its name is the feature's (`AuthExtensions.signInAccounts`), or
 * its id once nothing offers it any more.
 */
export type LinkedAccount = {
  id: string;
  name: string;
  linkedAt: string;
  /** Linked before the account's email address changed: it vouched for the previous address. */
  linkedUnderPreviousEmail: boolean;
};
