import { requireTestRoutes } from "~/server/guards.server";
import type { Route } from "./+types/e2e-crash";

/**
 * Lets the end-to-end suite prove the 500 page and the crawler fallback.
 * Only with `E2E_TEST_ROUTES=1`; otherwise it is the ordinary 404 page.
 * `?where=server` fails in the loader, `?where=browser` fails only while
 * rendering in the browser (after the server sent a good page).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireTestRoutes(context);
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
