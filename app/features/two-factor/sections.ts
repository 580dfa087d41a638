import { dashboardSection } from "~/lib/dashboard-section";
import type { TwoFactorSummary } from "./two-factor";

/** The Two-step sign-in card's data; the data export keeps this key: on or off, and the recovery codes left (never the secret or the codes). */
export const twoFactorSection = dashboardSection<TwoFactorSummary>("twoFactor");
