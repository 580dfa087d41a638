import type { Route } from "./+types/named";

/**
 * A page behind a parameter (`/__e2e/named/:name`), in the core whatever
 * features are listed: the metrics and traces journeys check that such a
 * page is labelled by its pattern, never by its path.
 */
export const handle = { title: "Named" };

export default function E2eNamed({ params }: Route.ComponentProps) {
  return <h1 className="mx-auto max-w-xl px-6 py-16 font-bold text-2xl">Named {params.name}</h1>;
}
