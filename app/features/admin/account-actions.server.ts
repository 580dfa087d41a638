/** An account's page: sign out everywhere, make or remove an administrator. (To be built.) */
import type { DashboardAction } from "~/server/dashboard/dashboard-action.server";

export const ACCOUNT_ACTIONS: readonly DashboardAction[] = [];
