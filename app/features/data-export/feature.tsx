import type { FeatureUi } from "~/lib/features";
import FileDownIcon from "~icons/lucide/file-down";
import * as m from "./messages";
import { YourDataCard } from "./your-data-card";

/** "Download my data": the dashboard's Your data card, and its entry in the activity log. */
export default {
  dashboardSections: [
    // The label a message: read where it is shown, in that request's (or page's) language.
    { id: "your-data", label: m.yourData, icon: FileDownIcon, order: 70, Card: YourDataCard },
  ],
  activityKinds: { "data-exported": { icon: FileDownIcon, describe: () => m.activityDataExported() } },
} satisfies FeatureUi;
