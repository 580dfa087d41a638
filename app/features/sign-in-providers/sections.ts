import { dashboardSection } from "~/lib/dashboard-section";
import { PROVIDERS_KEY } from "./constants";
import type { ProvidersDashboard } from "./providers";

/** What the Sign-in methods card's provider rows show (the configured providers, a link's answer). */
export const providersSection = dashboardSection<ProvidersDashboard>(PROVIDERS_KEY);
