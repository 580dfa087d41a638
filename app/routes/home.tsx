import { PreloadLink } from "~/components/preload-link";
import { ProductPreview } from "~/components/product-preview";
import { Button } from "~/components/ui/button";
import { useSession } from "~/components/use-session";
import AccessibilityIcon from "~icons/lucide/accessibility";
import ArrowRightIcon from "~icons/lucide/arrow-right";
import FingerprintPatternIcon from "~icons/lucide/fingerprint-pattern";
import MailCheckIcon from "~icons/lucide/mail-check";
import MonitorSmartphoneIcon from "~icons/lucide/monitor-smartphone";

/** The index page has no title of its own: the document title is the app name. */
export const handle = { title: "" };

const features = [
  {
    icon: FingerprintPatternIcon,
    title: "Passkeys, built in",
    text: "Sign in with your fingerprint, face or device PIN. Nothing to remember, nothing to leak.",
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

export default function Home() {
  const session = useSession();
  return (
    <>
      <section className="relative overflow-hidden border-b">
        {/* The glow covers the top half only, where it is not transparent: the rest paints as flat colour. */}
        <div
          aria-hidden="true"
          className="-z-10 pointer-events-none absolute inset-x-0 top-0 h-1/2 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklch,var(--primary)_18%,transparent),transparent)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
          <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
            <p className="rounded-full border bg-background/60 px-3 py-1 text-muted-foreground text-xs">
              Passkeys · Sign-in alerts · Every session in view
            </p>
            {/* The heading breaks by hand, not by `text-balance`: its layout passes made the first paint 10-15 ms later. */}
            <h1 className="mt-6 font-bold text-4xl tracking-tight sm:text-5xl">
              Sign in once. <span className="inline-block">Stay in control.</span>
            </h1>
            <p className="mt-5 max-w-xl text-pretty text-lg text-muted-foreground">
              One account you open with a passkey, your email or an account you already have, and a dashboard
              that shows where you are signed in and everything that changed.
            </p>
            <div className="mt-9 flex flex-wrap items-center justify-center gap-3 lg:justify-start">
              {session ? (
                <Button asChild size="lg">
                  <PreloadLink to="/dashboard">
                    Go to dashboard
                    <ArrowRightIcon />
                  </PreloadLink>
                </Button>
              ) : (
                <Button asChild size="lg">
                  <PreloadLink to="/login">
                    Sign in
                    <ArrowRightIcon />
                  </PreloadLink>
                </Button>
              )}
              {session ? null : (
                <Button asChild size="lg" variant="outline">
                  <PreloadLink to="/login?mode=signup">Create an account</PreloadLink>
                </Button>
              )}
            </div>
          </div>
          <ProductPreview />
        </div>
      </section>
      <section
        aria-labelledby="features-heading"
        className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
      >
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
      </section>
    </>
  );
}
