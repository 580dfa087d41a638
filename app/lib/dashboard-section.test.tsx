import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, expectTypeOf, test } from "vitest";
import type { DashboardData } from "./dashboard";
import { dashboardSection, type SectionCardProps } from "./dashboard-section";

type Projects = { id: string; name: string }[];
const projectsSection = dashboardSection<Projects>("projects");

const dashboard = (features: Record<string, unknown>) => ({ features }) as DashboardData;

describe("a dashboard section", () => {
  test("its card receives exactly the type its loader returns (checked by the typecheck)", () => {
    projectsSection.load(async () => [{ id: "p1", name: "Apollo" }]);
    // @ts-expect-error: a loader must return the section's data, not another shape.
    projectsSection.load(async () => ({ count: 1 }));
    // @ts-expect-error: nor a part of it.
    projectsSection.load(async () => [{ id: "p1" }]);

    projectsSection.card(({ data }) => {
      expectTypeOf(data).toEqualTypeOf<Projects>();
      return null;
    });
    // @ts-expect-error: a card for other data does not fit this section.
    projectsSection.card((_: SectionCardProps<{ count: number }>) => null);
    expectTypeOf(projectsSection.dataIn).returns.toEqualTypeOf<Projects>();
  });

  test("its loader is kept under its key, and its card is handed that data and the whole dashboard", async () => {
    const loader = projectsSection.load(async () => [{ id: "p1", name: "Apollo" }]);
    expect(loader.key).toBe("projects");
    // This loader reads nothing of what the core hands it.
    const loaded = await (loader.load as () => Promise<unknown>)();
    const page = dashboard({ [loader.key]: loaded, other: 1 });

    const Card = projectsSection.card(({ data, dashboard: whole }) =>
      createElement(
        "p",
        null,
        `${data.map((project) => project.name).join()} of ${Object.keys(whole.features).length}`,
      ),
    );
    expect(renderToStaticMarkup(createElement(Card, { data: page }))).toBe("<p>Apollo of 2</p>");
    expect(projectsSection.dataIn(page)).toEqual([{ id: "p1", name: "Apollo" }]);
  });
});
