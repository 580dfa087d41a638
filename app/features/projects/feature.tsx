/** Projects in the browser: the dashboard's card, and their entries in the activity log. */
import { withDetail } from "~/lib/activity-sentence";
import type { FeatureUi } from "~/lib/features";
import ArchiveIcon from "~icons/lucide/archive";
import ArchiveRestoreIcon from "~icons/lucide/archive-restore";
import FolderKanbanIcon from "~icons/lucide/folder-kanban";
import FolderPlusIcon from "~icons/lucide/folder-plus";
import PencilIcon from "~icons/lucide/pencil";
import Trash2Icon from "~icons/lucide/trash-2";
import { ProjectsCard } from "./projects-card";
import { projectsSection } from "./sections";

export default {
  dashboardSections: [
    {
      id: "projects",
      label: "Projects",
      icon: FolderKanbanIcon,
      order: 27,
      Card: projectsSection.card(({ data }) => <ProjectsCard data={data} />),
    },
  ],
  activityKinds: {
    "project-created": { icon: FolderPlusIcon, describe: withDetail("Project created") },
    "project-renamed": { icon: PencilIcon, describe: withDetail("Project renamed") },
    "project-archived": { icon: ArchiveIcon, describe: withDetail("Project archived") },
    "project-restored": { icon: ArchiveRestoreIcon, describe: withDetail("Project restored") },
    "project-deleted": { icon: Trash2Icon, describe: withDetail("Project deleted") },
  },
} satisfies FeatureUi;
