import { describe, expect, test } from "vitest";
import { isColorModePreference } from "./color-mode";
import { forcedColorModeOf } from "./forced-color-mode";

describe("forcedColorModeOf", () => {
  test("the deepest route that names a mode wins", () => {
    expect(
      forcedColorModeOf([undefined, { colorMode: "light" }, { title: "x" }, { colorMode: "dark" }]),
    ).toBe("dark");
    expect(forcedColorModeOf([{ colorMode: "dark" }, { title: "child" }])).toBe("dark");
  });

  test("reports system so the caller can refuse it", () => {
    expect(forcedColorModeOf([{ colorMode: "system" }])).toBe("system");
  });

  test("ignores anything else", () => {
    expect(forcedColorModeOf([])).toBeNull();
    expect(forcedColorModeOf([null, { colorMode: "sepia" }])).toBeNull();
  });
});

test.each([
  ["light", true],
  ["dark", true],
  ["system", true],
  ["Dark", false],
  [null, false],
])("isColorModePreference(%j) is %s", (value, expected) => {
  expect(isColorModePreference(value)).toBe(expected);
});
