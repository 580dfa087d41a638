import { useRouteLoaderData } from "react-router";
import type { SignedInSession } from "~/lib/session";
import type { loader as rootLoader } from "~/root";

/** The signed-in session this page was rendered with, or `null` for a guest. */
export function useSession(): SignedInSession | null {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.session ?? null;
}

/** The product name (`APP_NAME`). */
export function useAppName(): string | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.appName;
}
