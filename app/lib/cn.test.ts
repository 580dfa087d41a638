import { expect, test } from "vitest";
import { cn } from "./cn";

test("joins the classes that are set, with single spaces", () => {
  expect(cn("a", false, undefined, "b c", null, "", "d")).toBe("a b c d");
  expect(cn(undefined, false)).toBe("");
});
