import type { FeatureUi } from "~/lib/features";
import FileDownIcon from "~icons/lucide/file-down";
import { YourDataCard } from "./your-data-card";

/** "Download my data": the dashboard's Your data card, and its entry in the activity log. */
export default {
  dashboardSections: [
    { id: "your-data", label: "Your data", icon: FileDownIcon, order: 70, Card: YourDataCard },
  ],
  activityKinds: { "data-exported": { icon: FileDownIcon, describe: "Downloaded your data" } },
} satisfies FeatureUi;
