import AccessibilityIcon from "~icons/lucide/accessibility";
import MailCheckIcon from "~icons/lucide/mail-check";
import MonitorSmartphoneIcon from "~icons/lucide/monitor-smartphone";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import * as m from "./messages";

/** Titles and texts are messages, called when the section renders: in the page's language. */
const features = [
  { id: "passwords", icon: ShieldCheckIcon, title: m.featurePasswordsTitle, text: m.featurePasswordsText },
  { id: "sessions", icon: MonitorSmartphoneIcon, title: m.featureSessionsTitle, text: m.featureSessionsText },
  { id: "changes", icon: MailCheckIcon, title: m.featureChangesTitle, text: m.featureChangesText },
  { id: "everyone", icon: AccessibilityIcon, title: m.featureEveryoneTitle, text: m.featureEveryoneText },
];

/** The landing page's second screen, what an account gives you: the inside of its `<section>`. */
export function HomeFeatures() {
  return (
    <>
      <h2 id="features-heading" className="text-center font-semibold text-2xl tracking-tight sm:text-3xl">
        {m.featuresHeading()}
      </h2>
      <ul className="mt-10 grid gap-x-10 gap-y-8 sm:grid-cols-2">
        {features.map((feature) => (
          <li key={feature.id} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <feature.icon className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold">{feature.title()}</h3>
              <p className="mt-1 text-muted-foreground text-sm leading-relaxed">{feature.text()}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
