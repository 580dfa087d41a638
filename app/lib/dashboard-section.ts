import { type ComponentType, createElement } from "react";
import type { AuthSession } from "~/server/auth/auth.server";
import type { AppServices } from "~/server/context.server";
import type { DashboardData } from "./dashboard";

/**
 * Reads a section's data on the server: for the dashboard, with its request
 * (its query string), and for the data export, without one.
 */
export type LoadSection<Data> = (
  services: AppServices,
  signedIn: AuthSession,
  request?: Request,
) => Promise<Data>;

/** A section's loader as the core runs it (`ServerFeature.dashboard`): made by its section's `load`. */
export type SectionLoader = { readonly key: string; readonly load: LoadSection<unknown> };

/** What a section's card is given: its section's data, as its loader returned it, and the whole dashboard's. */
export type SectionCardProps<Data> = { data: Data; dashboard: DashboardData };

/** A dashboard section's data, named once for the server that loads it and the card that shows it. */
export type DashboardSectionOf<Data> = {
  /** Where its data travels in `DashboardData.features`, and its key in "Download my data". */
  readonly key: string;
  /** The server's half (`ServerFeature.dashboard`): what the section shows, read for each page. */
  load(load: LoadSection<Data>): SectionLoader;
  /** Its data in the dashboard's, for a part of the page that is not its card (a card's rows, say). */
  dataIn(dashboard: DashboardData): Data;
  /** The browser's half (`DashboardSection.Card`): its card, handed exactly what its loader returned. */
  card(Card: ComponentType<SectionCardProps<Data>>): ComponentType<{ data: DashboardData }>;
};

/**
 * A section of the dashboard's data, declared in a plain module of its
 * feature that both halves import (the server's only by its `load`, the
 * browser's by its `card`), so what the loader returns is what the card
 * receives, with no cast and no key repeated:
 *
 * @example
 * // passkeys/sections.ts
 * export const passkeysSection = dashboardSection<PasskeySummary[]>("passkeys");
 * // passkeys/feature.server.ts
 * dashboard: [passkeysSection.load(({ db }, { user }) => listPasskeys(db, user.id))],
 * // passkeys/feature.tsx
 * Card: passkeysSection.card(({ data }) => <PasskeysCard passkeys={data} />),
 */
export function dashboardSection<Data>(key: string): DashboardSectionOf<Data> {
  // The one place a section's data gets its type back: only this section's
  // `load` writes `features[key]` (app/server/dashboard/loader.server.ts).
  const dataIn = (dashboard: DashboardData) => dashboard.features[key] as Data;
  return {
    key,
    load: (load) => ({ key, load }),
    dataIn,
    card: (Card) =>
      function SectionCard({ data }: { data: DashboardData }) {
        return createElement(Card, { data: dataIn(data), dashboard: data });
      },
  };
}
