import { PreloadLink } from "~/components/preload-link";
import { ProductPreview } from "~/components/product-preview";
import { Button } from "~/components/ui/button";
import { useSession } from "~/components/use-session";
import { rich } from "~/i18n/rich";
import ArrowRightIcon from "~icons/lucide/arrow-right";
import * as m from "./messages";

/** The landing page's first screen, its headline, ways in and a picture: the inside of its `<section>`. */
export function HomeHero() {
  const session = useSession();
  return (
    <>
      {/* The glow covers the top half only, where it is not transparent: the rest paints as flat colour. */}
      <div
        aria-hidden="true"
        className="-z-10 pointer-events-none absolute inset-x-0 top-0 h-1/2 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklch,var(--primary)_18%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div className="flex flex-col items-center text-center lg:items-start lg:text-start">
          <p className="rounded-full border bg-background/60 px-3 py-1 text-muted-foreground text-xs">
            {m.heroTagline()}
          </p>
          {/* The heading breaks by hand, not by `text-balance`: its layout passes made the first paint 10-15 ms later. */}
          <h1 className="mt-6 font-bold text-4xl tracking-tight sm:text-5xl">
            {rich(m.heroHeading(), { nowrap: (text) => <span className="inline-block">{text}</span> })}
          </h1>
          <p className="mt-5 max-w-xl text-pretty text-lg text-muted-foreground">{m.heroLead()}</p>
          <div className="mt-9 flex flex-wrap items-center justify-center gap-3 lg:justify-start">
            {session ? (
              <Button asChild size="lg">
                <PreloadLink to="/dashboard">
                  {m.goToDashboard()}
                  <ArrowRightIcon className="rtl:-scale-x-100" />
                </PreloadLink>
              </Button>
            ) : (
              <Button asChild size="lg">
                <PreloadLink to="/login">
                  {m.signIn()}
                  <ArrowRightIcon className="rtl:-scale-x-100" />
                </PreloadLink>
              </Button>
            )}
            {session ? null : (
              <Button asChild size="lg" variant="outline">
                <PreloadLink to="/login?mode=signup">{m.createAccount()}</PreloadLink>
              </Button>
            )}
          </div>
        </div>
        <ProductPreview />
      </div>
    </>
  );
}
