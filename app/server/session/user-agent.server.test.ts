import { describe, expect, test } from "vitest";
import { summarizeUserAgent } from "./user-agent.server";

describe("summarizeUserAgent", () => {
  test.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
      { label: "Chrome on Linux", deviceType: "desktop" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      { label: "Safari on macOS", deviceType: "desktop" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      { label: "Safari on iOS", deviceType: "mobile" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0",
      { label: "Firefox on Windows", deviceType: "desktop" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
      { label: "Chrome on Android", deviceType: "mobile" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      { label: "Safari on iOS", deviceType: "tablet" },
    ],
  ])("%s", (userAgent, expected) => {
    expect(summarizeUserAgent(userAgent)).toEqual(expected);
  });

  test("the same browser in another version is the same device", () => {
    const older = summarizeUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.0.0 Safari/537.36");
    const newer = summarizeUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36");
    expect(older.label).toBe(newer.label);
  });

  test("missing, empty, unknown or absurdly long user agents are an unknown browser", () => {
    for (const userAgent of [null, undefined, "", "   ", "x".repeat(10_000)]) {
      expect(summarizeUserAgent(userAgent)).toEqual({ label: "Unknown browser", deviceType: "unknown" });
    }
    expect(summarizeUserAgent("curl/8.5.0")).toEqual({ label: "Unknown browser", deviceType: "unknown" });
  });
});
