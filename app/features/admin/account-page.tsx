/** (To be built.) */

import type { Route } from "./+types/account-page";
import { consoleAccess } from "./console-access.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const access = await consoleAccess(context, request);
  return { open: access.open };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <p>{loaderData.open ? "Admin console" : "Turn on two-step sign-in"}</p>;
}
