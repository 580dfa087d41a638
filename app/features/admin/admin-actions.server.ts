/** Every form of the admin console, posted to an account's page (`/admin/accounts/:id`). */
import type { DashboardAction } from "~/server/dashboard/dashboard-action.server";
import { ACCOUNT_ACTIONS } from "./account-actions.server";
import { SUPPORT_ACTIONS } from "./support-sign-in.server";
import { SUSPENSION_ACTIONS } from "./suspension.server";

export const ADMIN_ACTIONS: readonly DashboardAction[] = [
  ...ACCOUNT_ACTIONS,
  ...SUSPENSION_ACTIONS,
  ...SUPPORT_ACTIONS,
];
