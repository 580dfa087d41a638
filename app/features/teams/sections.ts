import { dashboardSection } from "~/lib/dashboard-section";
import type { TeamsData } from "./teams";

/**
 * The Teams card's data; the data export keeps this key: memberships,
 * invitations waiting for the person, and (the export only) those they sent.
 */
export const teamsSection = dashboardSection<TeamsData>("teams");
