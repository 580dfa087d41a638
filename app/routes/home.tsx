import { lazyIsland } from "~/components/lazy-island";

/** The index page has no title of its own: the document title is the app name. */
export const handle = { title: "" };

// The server renders them in full; the browser keeps that markup (its links are plain links) and
// fetches their code in idle time once the page is hydrated.
const HomeHero = lazyIsland(() => import("~/components/home-hero").then((module) => module.HomeHero));
const HomeFeatures = lazyIsland(() =>
  import("~/components/home-features").then((module) => module.HomeFeatures),
);

export default function Home() {
  return (
    <>
      <HomeHero as="section" element={{ className: "relative overflow-hidden border-b" }} />
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
