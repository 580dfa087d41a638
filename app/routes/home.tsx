import { lazyIsland } from "~/components/lazy-island";

/** The index page has no title of its own: the document title is the app name. */
export const handle = { title: "" };

// The server renders them in full; the browser keeps that markup (its links are plain links) and
// fetches their code in idle time once the page is hydrated.
const HomeHeroText = lazyIsland(() =>
  import("~/components/home-hero-text").then((module) => module.HomeHeroText),
);
const ProductPreview = lazyIsland(() =>
  import("~/components/product-preview").then((module) => module.ProductPreview),
);
const HomeFeatures = lazyIsland(() =>
  import("~/components/home-features").then((module) => module.HomeFeatures),
);

export default function Home() {
  return (
    <>
      <section className="relative overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="-z-10 pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_50%_0%,color-mix(in_oklch,var(--primary)_18%,transparent),transparent)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
          <HomeHeroText
            element={{ className: "flex flex-col items-center text-center lg:items-start lg:text-left" }}
          />
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
