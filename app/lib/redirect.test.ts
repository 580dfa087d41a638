import { describe, expect, test } from "vitest";
import { safeRedirect, signInPathFor } from "./redirect";

describe("safeRedirect", () => {
  test.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard?tab=sessions#top", "/dashboard?tab=sessions#top"],
    ["/a/b/../c", "/a/c"],
  ])("keeps the same-origin path %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  test.each([
    ["//evil.example"],
    ["///evil.example"],
    ["https://evil.example"],
    ["http:/evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/..//evil.example"],
    ["/./..//evil.example"],
    ["dashboard"],
    [" /dashboard"],
    [""],
    [null],
    [undefined],
  ])("falls back to /dashboard for %j", (target) => {
    expect(safeRedirect(target)).toBe("/dashboard");
  });

  test("uses the fallback it is given", () => {
    expect(safeRedirect("//evil.example", "/")).toBe("/");
  });
});

describe("signInPathFor", () => {
  test("keeps slashes readable and escapes the query", () => {
    expect(signInPathFor("/dashboard")).toBe("/login?redirect=/dashboard");
    expect(signInPathFor("/dashboard?tab=a&b=c")).toBe("/login?redirect=/dashboard%3Ftab%3Da%26b%3Dc");
  });

  test("round-trips through URLSearchParams", () => {
    const target = "/dashboard?tab=a&b=c d";
    const url = new URL(signInPathFor(target), "http://localhost");
    expect(url.searchParams.get("redirect")).toBe(target);
  });
});
