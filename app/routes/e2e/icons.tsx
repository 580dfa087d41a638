import { useState } from "react";
import { Icon } from "~/components/icon";
import type { Route } from "./+types/icons";

/**
 * Lets the end-to-end suite prove runtime icons: renders
 * `?names=lucide:house,simple-icons:github` as `<Icon>`s, beside a counter
 * that shows the page stays usable while they load. (Mounted under
 * `/__e2e`, so it exists only with `E2E_TEST_ROUTES=1`.)
 */
export function loader({ request }: Route.LoaderArgs) {
  const names = new URL(request.url).searchParams.get("names")?.split(",").filter(Boolean) ?? [];
  return { names };
}

export default function E2eIcons({ loaderData }: Route.ComponentProps) {
  const [clicks, setClicks] = useState(0);
  return (
    <div className="mx-auto max-w-xl px-6 py-16">
      <h1 className="font-bold text-2xl">Runtime icons</h1>
      <ul className="mt-6 flex flex-wrap gap-4">
        {loaderData.names.map((name) => (
          <li key={name} className="flex items-center gap-2 text-sm">
            <Icon name={name} label={name} className="size-8" />
            {name}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="mt-6 rounded-md border px-3 py-1.5"
        onClick={() => setClicks(clicks + 1)}
      >
        Clicked {clicks} times
      </button>
    </div>
  );
}
