import AccessibilityIcon from "~icons/lucide/accessibility";
import MailCheckIcon from "~icons/lucide/mail-check";
import MonitorSmartphoneIcon from "~icons/lucide/monitor-smartphone";
import ShieldCheckIcon from "~icons/lucide/shield-check";

const features = [
  {
    icon: ShieldCheckIcon,
    title: "Passwords that hold",
    text: "Common passwords and ones built from your name are refused, and guessing is slowed down.",
  },
  {
    icon: MonitorSmartphoneIcon,
    title: "Every session in view",
    text: "See each browser signed in to your account, where and when, and sign any of them out.",
  },
  {
    icon: MailCheckIcon,
    title: "Told about every change",
    text: "A new device, a new password, a new way in: an email at once, with a way to undo it.",
  },
  {
    icon: AccessibilityIcon,
    title: "Works for everyone",
    text: "Quick on a slow phone, usable by keyboard and screen reader, in light or dark.",
  },
];

/** The landing page's second screen, what an account gives you: the inside of its `<section>`. */
export function HomeFeatures() {
  return (
    <>
      <h2 id="features-heading" className="text-center font-semibold text-2xl tracking-tight sm:text-3xl">
        What your account gives you
      </h2>
      <ul className="mt-10 grid gap-x-10 gap-y-8 sm:grid-cols-2">
        {features.map((feature) => (
          <li key={feature.title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <feature.icon className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold">{feature.title}</h3>
              <p className="mt-1 text-muted-foreground text-sm leading-relaxed">{feature.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
