import { describe, expect, test } from "vitest";
import { serverFeatures } from "~/features/server.server";

/** The keys "Download my data" writes itself (app/features/data-export/export.server.ts), beside the sections'. */
const EXPORT_OWN_KEYS = ["exportedAt", "app", "account", "signInMethods", "sessions", "activity"];

describe("the listed features' dashboard sections", () => {
  const keys = serverFeatures().flatMap((feature) => (feature.dashboard ?? []).map((section) => section.key));

  test("each has a key of its own, so no section's data hides another's or the export's", () => {
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(EXPORT_OWN_KEYS).not.toContain(key);
  });
});
