import { describe, expect, test } from "vitest";
import { isCrossSiteRequest } from "./origin-check";

const APP = "http://localhost:3000";
const request = (method: string, headers: Record<string, string> = {}) =>
  new Request(`${APP}/api/_auth/session`, { method, headers });

describe("isCrossSiteRequest", () => {
  test.each(["GET", "HEAD", "OPTIONS"])("never refuses %s", (method) => {
    expect(isCrossSiteRequest(request(method, { Origin: "https://evil.example" }), APP)).toBe(false);
  });

  test.each(["POST", "PUT", "PATCH", "DELETE"])("refuses a foreign Origin on %s", (method) => {
    expect(isCrossSiteRequest(request(method, { Origin: "https://evil.example" }), APP)).toBe(true);
  });

  test.each([
    ["a look-alike origin", { Origin: "http://localhost:3000.evil.example" }],
    ["another port", { Origin: "http://localhost:4000" }],
    ["another scheme", { Origin: "https://localhost:3000" }],
    ["an opaque origin", { Origin: "null" }],
    ["an opaque origin from another site", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
    ["an opaque origin from a sibling site", { Origin: "null", "Sec-Fetch-Site": "same-site" }],
    ["a cross-site fetch without Origin", { "Sec-Fetch-Site": "cross-site" }],
    ["a same-site fetch without Origin", { "Sec-Fetch-Site": "same-site" }],
  ])("refuses %s", (_name, headers) => {
    expect(isCrossSiteRequest(request("DELETE", headers), APP)).toBe(true);
  });

  test.each([
    ["the app's own origin", { Origin: APP }],
    ["a same-origin fetch without Origin", { "Sec-Fetch-Site": "same-origin" }],
    ["a non-browser client", {}],
    // A page of ours under `Referrer-Policy: no-referrer` (a mailed link's) posting its own form.
    ["our own no-referrer page's form", { Origin: "null", "Sec-Fetch-Site": "same-origin" }],
  ])("accepts %s", (_name, headers) => {
    expect(isCrossSiteRequest(request("DELETE", headers), APP)).toBe(false);
  });
});
