import { describe, expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { browserInWords, summarizeUserAgent } from "./user-agent.server";

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

  test.each([
    [
      "Chrome on Windows",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    ],
    [
      "Chrome on macOS",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    ],
    [
      "Chrome on iOS",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    ],
    [
      "Firefox on macOS",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0",
    ],
    ["Firefox on Linux", "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0"],
    ["Firefox on Android", "Mozilla/5.0 (Android 14; Mobile; rv:131.0) Gecko/131.0 Firefox/131.0"],
    [
      "Firefox on iOS",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/131.0 Mobile/15E148 Safari/605.1.15",
    ],
    [
      "Microsoft Edge on Windows",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51",
    ],
    [
      "Microsoft Edge on macOS",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51",
    ],
    [
      "Microsoft Edge on Android",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.2903.48",
    ],
  ])("%s", (label, userAgent) => {
    expect(summarizeUserAgent(userAgent).label).toBe(label);
  });

  test.each([
    "http://evil.example/ Visit now/1.0 (x)",
    "Visit http://evil.example/1.0 (to claim your prize)",
    "Click here http://evil.example/ now",
    "Mozilla/5.0 (X11; Linux x86_64) evil.example/1.0",
    "Mozilla/5.0 (Windows NT 10.0) Your-account-is-locked-call-555-0100/1.0",
    "Totally Real Browser/1.0 (Windows NT 10.0; Win64; x64)",
  ])("nothing a client sends beyond known names reaches the label: %s", (userAgent) => {
    const { label } = summarizeUserAgent(userAgent);
    expect(label).toMatch(/^Unknown browser( on (Windows|Linux))?$/);
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

describe("browserInWords", () => {
  test("keeps a label as it is written in English", () => {
    for (const label of ["Chrome on Linux", "Unknown browser", "Unknown browser on Windows", "Firefox"]) {
      expect(browserInWords(label)).toBe(label);
    }
  });

  test("says a stored label in German, the names as they are", () => {
    expect(inLocale("de", () => browserInWords("Safari on iOS"))).toBe("Safari unter iOS");
    expect(inLocale("de", () => browserInWords("Samsung Internet for Android on Android"))).toBe(
      "Samsung Internet for Android unter Android",
    );
    expect(inLocale("de", () => browserInWords("Unknown browser"))).toBe("Unbekannter Browser");
    expect(inLocale("de", () => browserInWords("Unknown browser on Linux"))).toBe(
      "Unbekannter Browser unter Linux",
    );
    expect(inLocale("de", () => browserInWords("Firefox"))).toBe("Firefox");
    // Anything not written by summarizeUserAgent is shown as it is.
    expect(inLocale("de", () => browserInWords("Visit http://evil.example on Linux"))).toBe(
      "Visit http://evil.example on Linux",
    );
  });
});
