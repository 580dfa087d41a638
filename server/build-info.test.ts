import { describe, expect, test } from "vitest";
import { buildInfoApi, inMemoryBuildFiles } from "./build-info";

const app = buildInfoApi(inMemoryBuildFiles({ id: "abc-123", timestamp: 1 }));

describe("buildInfoApi", () => {
  test("answers latest.json with a short cache, whatever the query", async () => {
    const response = await app.request("/latest.json?t=123");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=5, must-revalidate");
    expect(await response.json()).toEqual({ id: "abc-123", timestamp: 1 });
  });

  test("answers a known meta file as immutable", async () => {
    const response = await app.request("/meta/abc-123.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  test.each([
    "/meta/unknown.json",
    "/meta/abc-123",
    "/meta/..%2F..%2Fpackage.json",
    "/meta/%2e%2e.json",
    "/meta/.json",
    "/other.json",
  ])("answers %s with a JSON 404", async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not Found" });
  });
});
