import { dashboardSection } from "~/lib/dashboard-section";
import { PASSKEYS_KEY, type PasskeySummary } from "./passkey";

/** The Passkeys card's list: the person's passkeys, newest last; "Download my data" has it under the same key. */
export const passkeysSection = dashboardSection<PasskeySummary[]>(PASSKEYS_KEY);
