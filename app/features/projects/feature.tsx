/** Projects in the browser: the dashboard's card, and their entries in the activity log. */
import type { ActivityItem } from "~/lib/activity";
import type { FeatureUi } from "~/lib/features";
import ArchiveIcon from "~icons/lucide/archive";
import ArchiveRestoreIcon from "~icons/lucide/archive-restore";
import FolderKanbanIcon from "~icons/lucide/folder-kanban";
import FolderPlusIcon from "~icons/lucide/folder-plus";
import PencilIcon from "~icons/lucide/pencil";
import Trash2Icon from "~icons/lucide/trash-2";
import { ProjectsCard } from "./projects-card";
import { projectsSection } from "./sections";

/** A sentence with the project and its team, when the log kept them. */
const about =
  (sentence: string) =>
  ({ detail }: ActivityItem) =>
    detail ? `${sentence}: ${detail}` : sentence;

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
    "project-created": { icon: FolderPlusIcon, describe: about("Project created") },
    "project-renamed": { icon: PencilIcon, describe: about("Project renamed") },
    "project-archived": { icon: ArchiveIcon, describe: about("Project archived") },
    "project-restored": { icon: ArchiveRestoreIcon, describe: about("Project restored") },
    "project-deleted": { icon: Trash2Icon, describe: about("Project deleted") },
  },
} satisfies FeatureUi;
