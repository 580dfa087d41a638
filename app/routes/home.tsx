import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { useSession } from "~/components/use-session";

/** The index page has no title of its own: the document title is the app name. */
export const handle = { title: "" };

const features = [
  {
    icon: "icon-[lucide--shield-check]",
    title: "Secure sessions",
    text: "Server-side sessions in signed, HttpOnly cookies. List them, revoke them, sign out everywhere.",
  },
  {
    icon: "icon-[lucide--key-round]",
    title: "Sign in your way",
    text: "Email and password hashed with scrypt today; OAuth, OpenID Connect and passkeys on the same base.",
  },
  {
    icon: "icon-[lucide--zap]",
    title: "Fast on a slow phone",
    text: "Rendered on the server, streamed to the browser, with the right header in the very first paint.",
  },
  {
    icon: "icon-[lucide--database]",
    title: "Zero-config start",
    text: "An embedded SQLite database and a generated secret: one command and it runs.",
  },
  {
    icon: "icon-[lucide--route]",
    title: "Guards that hold",
    text: "Guest-only and member-only pages are checked on the server before any HTML is sent.",
  },
  {
    icon: "icon-[lucide--book-open]",
    title: "Readable in an afternoon",
    text: "Small modules, one place for constants, tests that fail when behaviour breaks.",
  },
];

export default function Home() {
  const session = useSession();
  return (
    <>
      <section className="relative overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="-z-10 pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_50%_0%,color-mix(in_oklch,var(--primary)_18%,transparent),transparent)]"
        />
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="rounded-full border bg-background/60 px-3 py-1 text-muted-foreground text-xs">
            Passkeys · Sign-in alerts · Every session in view
          </p>
          <h1 className="mt-6 text-balance font-bold text-4xl tracking-tight sm:text-6xl">
            The app shell your product starts from
          </h1>
          <p className="mt-5 max-w-xl text-balance text-lg text-muted-foreground">
            Sign-in, sessions, a dashboard and everything around them, production-ready on day one.
          </p>
          <div className="mt-9 flex flex-wrap items-center justify-center gap-3">
            {session ? (
              <Button asChild size="lg">
                <PreloadLink to="/dashboard">
                  Go to dashboard
                  <span className="icon-[lucide--arrow-right]" aria-hidden="true" />
                </PreloadLink>
              </Button>
            ) : (
              <Button asChild size="lg">
                <PreloadLink to="/login">
                  Sign in
                  <span className="icon-[lucide--arrow-right]" aria-hidden="true" />
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
      </section>
      <section
        aria-labelledby="features-heading"
        className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
      >
        <h2 id="features-heading" className="text-center font-semibold text-2xl tracking-tight sm:text-3xl">
          Everything a real product needs
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-xl border bg-card p-6 shadow-xs">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <span className={`${feature.icon} size-5`} aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{feature.title}</h3>
              <p className="mt-1.5 text-muted-foreground text-sm leading-relaxed">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
