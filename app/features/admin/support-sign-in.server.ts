/** Signing in as a person for support, and giving the browser back to its administrator. (To be built.) */
import type { DashboardAction } from "~/server/dashboard/dashboard-action.server";

export const SUPPORT_ACTIONS: readonly DashboardAction[] = [];
