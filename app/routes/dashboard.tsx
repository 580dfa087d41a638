import type { ShouldRevalidateFunction } from "react-router";
import { AccountCard } from "~/components/dashboard/account-card";
import { ActivityCard } from "~/components/dashboard/activity-card";
import { DeleteAccountCard } from "~/components/dashboard/delete-account-card";
import { SessionsCard } from "~/components/dashboard/sessions-card";
import { SignInMethodsCard } from "~/components/dashboard/sign-in-methods-card";
import { VerifyEmailBanner } from "~/components/dashboard/verify-email-banner";
import { Avatar } from "~/components/ui/avatar";
import { serverFeatures } from "~/features/server.server";
import { featureUis } from "~/features/ui";
import type { DashboardData } from "~/lib/dashboard";
import type { DashboardSection } from "~/lib/features";
import { dataHeaders } from "~/lib/route-headers";
import { getServices } from "~/server/context.server";
import { CORE_ACTIONS } from "~/server/dashboard/actions/index.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { loadDashboard } from "~/server/dashboard/loader.server";
import { requireUser } from "~/server/session/guards.server";
import ActivityIcon from "~icons/lucide/activity";
import KeyRoundIcon from "~icons/lucide/key-round";
import MonitorSmartphoneIcon from "~icons/lucide/monitor-smartphone";
import TriangleAlertIcon from "~icons/lucide/triangle-alert";
import UserRoundIcon from "~icons/lucide/user-round";
import type { Route } from "./+types/dashboard";
import * as m from "./messages";

export const handle = { title: () => m.dashboardTitle() };

/** The action's own headers reach the document (`Retry-After` on a `429`). */
export const headers = dataHeaders;

/**
 * After every form post, refused ones too: a wrong current password is a
 * `400` and an entry in Recent activity, which shows at once.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined || defaultShouldRevalidate;

/** Everything the page shows, in one server round trip. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadDashboard(getServices(context), requireUser(context), undefined, request);
}

/** The dashboard's forms (`intent` names each), plain posts that work without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const actions = [...CORE_ACTIONS, ...serverFeatures().flatMap((feature) => feature.actions ?? [])];
  return runDashboardAction(actions, getServices(context), request, requireUser(context));
}

function greetingName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The core's sections of the page; the listed features add theirs (`FeatureUi.dashboardSections`). */
const CORE_SECTIONS: DashboardSection[] = [
  {
    id: "account",
    label: m.dashboardSectionAccount,
    icon: UserRoundIcon,
    order: 10,
    Card: ({ data }) => <AccountCard user={data.user} />,
  },
  {
    id: "sign-in-methods",
    label: m.dashboardSectionSignInMethods,
    icon: KeyRoundIcon,
    order: 20,
    Card: SignInMethodsCard,
  },
  {
    id: "sessions",
    label: m.dashboardSectionSessions,
    icon: MonitorSmartphoneIcon,
    order: 50,
    Card: ({ data }) => <SessionsCard sessions={data.sessions} />,
  },
  {
    id: "activity",
    label: m.dashboardSectionActivity,
    icon: ActivityIcon,
    order: 60,
    Card: ({ data }) => <ActivityCard activity={data.activity} />,
  },
  {
    id: "danger-zone",
    label: m.dashboardSectionDangerZone,
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

/** A section's name in the side navigation, worded now (a feature's may still be a plain string). */
const labelOf = ({ label }: DashboardSection) => (typeof label === "function" ? label() : label);

/**
 * The sections as a side column on wide screens, a row that scrolls sideways
 * on a phone; plain links. In the column a long name (German compounds) wraps.
 */
function SectionNav({ sections }: { sections: DashboardSection[] }) {
  return (
    <nav aria-label={m.dashboardSectionsLabel()} className="lg:sticky lg:top-20">
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:grid lg:overflow-visible lg:px-0">
        {sections.map((section) => (
          <li key={section.id} className="shrink-0">
            <a
              href={`#${section.id}`}
              className="flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-muted-foreground text-sm hover:bg-accent hover:text-foreground lg:hyphens-auto lg:whitespace-normal lg:break-words"
            >
              <section.icon className="size-4 shrink-0" />
              <span className="min-w-0">{labelOf(section)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const data: DashboardData = loaderData;
  const sections = dashboardSections();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex min-w-0 items-center gap-4">
        <Avatar name={user.name} image={user.image} size="lg" />
        <div className="min-w-0">
          <h1 className="break-words font-bold text-2xl tracking-tight">
            {m.dashboardGreeting({ name: greetingName(user.name) })}
          </h1>
          <p className="text-muted-foreground text-sm">{m.dashboardIntro()}</p>
        </div>
      </div>
      {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <SectionNav sections={sections} />
        <div className="grid min-w-0 gap-6">
          {sections.map((section) => (
            // A target of the side navigation, clear of the sticky header.
            <div key={section.id} id={section.id} className="scroll-mt-20">
              <section.Card data={data} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
