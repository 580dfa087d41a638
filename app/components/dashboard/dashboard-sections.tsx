// The dashboard's side navigation and cards: an island of the page (app/routes/dashboard.tsx).

import { featureUis } from "~/features/ui";
import type { DashboardData } from "~/lib/dashboard";
import type { DashboardSection } from "~/lib/features";
import ActivityIcon from "~icons/lucide/activity";
import KeyRoundIcon from "~icons/lucide/key-round";
import MonitorSmartphoneIcon from "~icons/lucide/monitor-smartphone";
import TriangleAlertIcon from "~icons/lucide/triangle-alert";
import UserRoundIcon from "~icons/lucide/user-round";
import { AccountCard } from "./account-card";
import { ActivityCard } from "./activity-card";
import { DeleteAccountCard } from "./delete-account-card";
import { SessionsCard } from "./sessions-card";
import { SignInMethodsCard } from "./sign-in-methods-card";

/** The core's sections of the page; the listed features add theirs (`FeatureUi.dashboardSections`). */
const CORE_SECTIONS: DashboardSection[] = [
  {
    id: "account",
    label: "Account",
    icon: UserRoundIcon,
    order: 10,
    Card: ({ data }) => <AccountCard user={data.user} />,
  },
  {
    id: "sign-in-methods",
    label: "Sign-in methods",
    icon: KeyRoundIcon,
    order: 20,
    Card: SignInMethodsCard,
  },
  {
    id: "sessions",
    label: "Sessions",
    icon: MonitorSmartphoneIcon,
    order: 50,
    Card: ({ data }) => <SessionsCard sessions={data.sessions} />,
  },
  {
    id: "activity",
    label: "Recent activity",
    icon: ActivityIcon,
    order: 60,
    Card: ({ data }) => <ActivityCard activity={data.activity} />,
  },
  {
    id: "danger-zone",
    label: "Danger zone",
    icon: TriangleAlertIcon,
    order: 90,
    Card: ({ data }) => <DeleteAccountCard hasPassword={data.hasPassword} freshUntil={data.freshUntil} />,
  },
];

/** Every section, in order: the side navigation links to each. */
function dashboardSections(): DashboardSection[] {
  const added = featureUis().flatMap((feature) => feature.dashboardSections ?? []);
  return [...CORE_SECTIONS, ...added].sort((a, b) => a.order - b.order);
}

/** The sections as a side column on wide screens, a row that scrolls sideways on a phone; plain links. */
function SectionNav({ sections }: { sections: DashboardSection[] }) {
  return (
    <nav aria-label="Settings" className="lg:sticky lg:top-20">
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:grid lg:overflow-visible lg:px-0">
        {sections.map((section) => (
          <li key={section.id} className="shrink-0">
            <a
              href={`#${section.id}`}
              className="flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-muted-foreground text-sm hover:bg-accent hover:text-foreground"
            >
              <section.icon className="size-4" />
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The side navigation and the cards, in order: the inside of the page's grid. */
export function DashboardSections({ data }: { data: DashboardData }) {
  const sections = dashboardSections();
  return (
    <>
      <SectionNav sections={sections} />
      <div className="grid min-w-0 gap-6">
        {sections.map((section) => (
          // A target of the side navigation, clear of the sticky header.
          <div key={section.id} id={section.id} className="scroll-mt-20">
            <section.Card data={data} />
          </div>
        ))}
      </div>
    </>
  );
}
