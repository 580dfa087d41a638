import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ComponentType } from "react";
import type { IconComponent } from "~/components/icon-component";
import type { ActivityItem } from "./activity";
import type { DashboardData, DashboardUser } from "./dashboard";
import type { SessionUser } from "./session";

/**
 * What a feature (app/features/<name>/) adds to the browser's side of the
 * app, read by the core through app/features/ui.ts. Its server side is
 * `ServerFeature` (app/server/features.server.ts).
 */

/** A feature's pages (its `routes.ts`), by the layout of app/routes.ts they sit in. */
export type FeatureRoutes = {
  /** Pages for signed-in people only (inside `auth-layout`). */
  signedIn?: RouteConfigEntry[];
  /** Pages for guests only (inside `guest-layout`): a signed-in visitor goes to the dashboard. */
  guest?: RouteConfigEntry[];
  /** Pages anyone may open, signed in or not (mailed links, for example). */
  anyone?: RouteConfigEntry[];
};

/**
 * A kind of activity-log entry: its icon and the sentence the dashboard and
 * the data export show, a function called when the entry is shown, so that
 * it speaks its reader's language (`m.someSentence`, or `withDetail(m.someSentence)`
 * from ./activity-sentence.ts). A string is shown as it is, in every language.
 */
export type ActivityKindInfo = {
  icon: IconComponent;
  describe: string | ((entry: ActivityItem) => string);
};

/**
 * A section of the dashboard: a card, and its place in the side navigation
 * (`order`, ascending). A card that shows data its feature loads is made
 * with that section's `card` (app/lib/dashboard-section.ts), which hands it
 * the data typed as the loader returned it.
 */
export type DashboardSection = {
  id: string;
  /** Its name in the side navigation: a message function (`m.someSection`), worded when the page renders. */
  label: string | (() => string);
  icon: IconComponent;
  order: number;
  Card: ComponentType<{ data: DashboardData }>;
};

export type FeatureUi = {
  dashboardSections?: DashboardSection[];
  /** Activity kinds the feature records (`recordActivity`), by kind. */
  activityKinds?: Record<string, ActivityKindInfo>;
  /**
   * Parts of the dashboard's Account card, below the name and address (a
   * form, say), in the registry's order; the `id` tells them apart.
   */
  accountCardParts?: { id: string; Part: ComponentType<{ user: DashboardUser }> }[];
  /** Rows of the dashboard's Sign-in methods card, after the password's (its ways in: link, unlink). */
  SignInMethods?: ComponentType<{ data: DashboardData }>;
};

/**
 * A feature's part of `/login` (and of its sign-up form, `isSignUp`), above
 * the email form: its `sign-in.tsx`'s default export, read through
 * app/features/sign-in.ts apart from `FeatureUi`, so that the sign-in page
 * loads no dashboard code. `redirectTo` is where the page goes once signed
 * in; `options[key]` is what its `AuthExtensions.signInPage` loaded (absent:
 * it renders nothing); `answered`: the page shows a form's answer.
 */
export type SignInOption = ComponentType<{
  redirectTo: string;
  isSignUp: boolean;
  options: Record<string, unknown>;
  answered: boolean;
}>;

/**
 * What a feature renders on every page, from the root (nothing to see: a
 * popup that closes itself, say): its `every-page.tsx`'s default export,
 * read through app/features/every-page.ts, so every page loads only that.
 * `supportSignIn`: an administrator is signed in as `user` (the admin console).
 */
export type EveryPagePart = ComponentType<{
  signedIn: boolean;
  user: SessionUser | null;
  supportSignIn: boolean;
}>;

/**
 * A feature's part of the header's account menu, between who is signed in
 * and the links (a team switcher, say): its `account-menu.tsx`'s default
 * export, read through app/features/account-menu.ts by the menu's content,
 * which loads on the menu's first use. It renders Radix `DropdownMenu` items.
 */
export type AccountMenuPart = ComponentType<{ user: SessionUser }>;
