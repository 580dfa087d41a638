import { describe, expect, test } from "vitest";
import { isValidIconName, parseIconName } from "./icon-name";

describe("isValidIconName", () => {
  test.each(["house", "arrow-right", "500px"])("accepts %s", (name) => {
    expect(isValidIconName(name)).toBe(true);
  });

  test.each(["", "ABC", "../x", "a b", "a_b", "a,b", "house\n"])("refuses %j", (name) => {
    expect(isValidIconName(name)).toBe(false);
  });
});

describe("parseIconName", () => {
  test("splits collection and name", () => {
    expect(parseIconName("simple-icons:github")).toEqual({ collection: "simple-icons", name: "github" });
  });

  test.each(["house", ":house", "lucide:", "lucide:a:b", "Lucide:house", "lucide--house"])(
    "refuses %j",
    (name) => {
      expect(parseIconName(name)).toBeNull();
    },
  );
});
