import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { useSession } from "~/components/use-session";
import ArrowRightIcon from "~icons/lucide/arrow-right";

/** The landing page's headline and its ways in: the inside of the hero's text column. */
export function HomeHeroText() {
  const session = useSession();
  return (
    <>
      <p className="rounded-full border bg-background/60 px-3 py-1 text-muted-foreground text-xs">
        Passkeys · Sign-in alerts · Every session in view
      </p>
      <h1 className="mt-6 text-balance font-bold text-4xl tracking-tight sm:text-5xl">
        Sign in once. Stay in control.
      </h1>
      <p className="mt-5 max-w-xl text-balance text-lg text-muted-foreground">
        One account you open with a passkey, your email or an account you already have, and a dashboard that
        shows where you are signed in and everything that changed.
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
    </>
  );
}
