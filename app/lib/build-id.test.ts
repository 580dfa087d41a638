import { describe, expect, test } from "vitest";
import { isBuildId, isNewBuild, resolveBuildId } from "./build-id";

describe("resolveBuildId", () => {
  const random = () => "r4nd0m_-";

  test("takes BUILD_ID from the environment, so instances of one release share it", () => {
    expect(resolveBuildId({ BUILD_ID: "release-2026.11.3" }, 0, random)).toBe("release-2026.11.3");
    expect(resolveBuildId({ BUILD_ID: "  abc123 " }, 0, random)).toBe("abc123");
  });

  test("makes a fresh URL-safe id from the time and randomness when BUILD_ID is unset or empty", () => {
    const id = resolveBuildId({ BUILD_ID: "" }, 1_800_000_000_000, random);
    expect(id).toBe(`${(1_800_000_000_000).toString(36)}-r4nd0m_-`);
    expect(isBuildId(id)).toBe(true);
    expect(resolveBuildId({}, 1, () => "a")).not.toBe(resolveBuildId({}, 2, () => "a"));
  });

  test("refuses a BUILD_ID that could not name a file or sit in a URL", () => {
    for (const bad of ["../etc", "a/b", "has space", "-leading", "x".repeat(65), "é"]) {
      expect(() => resolveBuildId({ BUILD_ID: bad }, 0, random)).toThrow(/BUILD_ID must be/);
    }
  });
});

describe("isNewBuild", () => {
  test("is true only for a well-formed id that differs from ours", () => {
    expect(isNewBuild({ id: "b", timestamp: 1 }, "a")).toBe(true);
    expect(isNewBuild({ id: "a", timestamp: 1 }, "a")).toBe(false);
  });

  test("treats anything malformed as no news", () => {
    for (const latest of [null, undefined, "b", 42, [], {}, { id: 7 }, { id: "" }, { id: "<script>" }]) {
      expect(isNewBuild(latest, "a")).toBe(false);
    }
  });
});
