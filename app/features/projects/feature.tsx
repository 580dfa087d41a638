/** Projects in the browser: the dashboard's card, and their entries in the activity log. */
import { withDetail } from "~/lib/activity-sentence";
import type { FeatureUi } from "~/lib/features";
import ArchiveIcon from "~icons/lucide/archive";
import ArchiveRestoreIcon from "~icons/lucide/archive-restore";
import FolderKanbanIcon from "~icons/lucide/folder-kanban";
import FolderPlusIcon from "~icons/lucide/folder-plus";
import PencilIcon from "~icons/lucide/pencil";
import Trash2Icon from "~icons/lucide/trash-2";
import * as m from "./messages";
import { ProjectsCard } from "./projects-card";
import { projectsSection } from "./sections";

export default {
  dashboardSections: [
    {
      id: "projects",
      // A getter: read where it is shown, in that request's (or page's) language.
      get label() {
        return m.projects();
      },
      icon: FolderKanbanIcon,
      order: 27,
      Card: projectsSection.card(({ data }) => <ProjectsCard data={data} />),
    },
  ],
  activityKinds: {
    "project-created": {
      icon: FolderPlusIcon,
      describe: (entry) => withDetail(m.activityProjectCreated())(entry),
    },
    "project-renamed": {
      icon: PencilIcon,
      describe: (entry) => withDetail(m.activityProjectRenamed())(entry),
    },
    "project-archived": {
      icon: ArchiveIcon,
      describe: (entry) => withDetail(m.activityProjectArchived())(entry),
    },
    "project-restored": {
      icon: ArchiveRestoreIcon,
      describe: (entry) => withDetail(m.activityProjectRestored())(entry),
    },
    "project-deleted": {
      icon: Trash2Icon,
      describe: (entry) => withDetail(m.activityProjectDeleted())(entry),
    },
  },
} satisfies FeatureUi;
