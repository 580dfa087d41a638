import type { Route } from "./+types/crash";

/**
 * `?where=server` fails in the loader, `?where=browser` fails only while
 * rendering in the browser (after the server sent a good page).
 */
export function loader({ request }: Route.LoaderArgs) {
  const where = new URL(request.url).searchParams.get("where");
  if (where === "server") throw new Error("Deliberate server failure for the end-to-end suite");
  return { where };
}

export default function E2eCrash({ loaderData }: Route.ComponentProps) {
  if (loaderData.where === "browser" && typeof document !== "undefined") {
    throw new Error("Deliberate browser failure for the end-to-end suite");
  }
  return (
    <div className="mx-auto max-w-xl px-6 py-16">
      <h1 className="font-bold text-2xl">Server-rendered content</h1>
      <p className="mt-2 text-muted-foreground">This text came from the server.</p>
    </div>
  );
}
