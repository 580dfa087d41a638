import { lazyIsland } from "~/components/lazy-island";
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { useSession } from "~/components/use-session";
import ArrowRightIcon from "~icons/lucide/arrow-right";

/** The index page has no title of its own: the document title is the app name. */
export const handle = { title: "" };

// Static, and beside or below the hero's text: their code comes once the page is hydrated.
const ProductPreview = lazyIsland(() =>
  import("~/components/product-preview").then((module) => module.ProductPreview),
);
const HomeFeatures = lazyIsland(() =>
  import("~/components/home-features").then((module) => module.HomeFeatures),
);

export default function Home() {
  const session = useSession();
  return (
    <>
      <section className="relative overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="-z-10 pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_50%_0%,color-mix(in_oklch,var(--primary)_18%,transparent),transparent)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
          <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
            <p className="rounded-full border bg-background/60 px-3 py-1 text-muted-foreground text-xs">
              Passkeys · Sign-in alerts · Every session in view
            </p>
            <h1 className="mt-6 text-balance font-bold text-4xl tracking-tight sm:text-5xl">
              Sign in once. Stay in control.
            </h1>
            <p className="mt-5 max-w-xl text-balance text-lg text-muted-foreground">
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
          <ProductPreview
            element={{
              role: "img",
              "aria-label":
                "A preview of the dashboard: three signed-in browsers, each of the others with a Sign out button, and an email alert about a new sign-in.",
              className: "relative mx-auto w-full max-w-md select-none sm:mb-14 lg:max-w-none",
            }}
          />
        </div>
      </section>
      <HomeFeatures
        as="section"
        element={{
          "aria-labelledby": "features-heading",
          className: "mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20",
        }}
      />
    </>
  );
}
