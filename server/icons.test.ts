import { describe, expect, test } from "vitest";
import { ICONS_MAX_PER_REQUEST } from "~/lib/constants";
import { iconsApi } from "./icons";

const api = iconsApi();
const get = (path: string, init?: RequestInit) => api.request(path, init);

describe("GET /{collection}.json", () => {
  test("answers the Iconify JSON of the requested icons", async () => {
    const response = await get("/lucide.json?icons=house,arrow-right");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toMatchObject({ prefix: "lucide", width: 24, height: 24 });
    expect(Object.keys(body.icons).sort()).toEqual(["arrow-right", "house"]);
    expect(body.icons.house.body).toContain("<path");
    expect(body).not.toHaveProperty("not_found");
  });

  test("serves the sign-in providers' logos", async () => {
    const body = await (await get("/simple-icons.json?icons=github,google,openid")).json();
    expect(body.prefix).toBe("simple-icons");
    expect(Object.keys(body.icons).sort()).toEqual(["github", "google", "openid"]);
  });

  test("lists unknown names under not_found, with a 200", async () => {
    const response = await get("/lucide.json?icons=house,no-such-icon,constructor");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body.icons)).toEqual(["house"]);
    expect(body.not_found).toEqual(["no-such-icon", "constructor"]);
  });

  test("answers an alias with its parent icon", async () => {
    const body = await (await get("/lucide.json?icons=home")).json();
    expect(body.aliases.home.parent).toBe("house");
    expect(body.icons).toHaveProperty("house");
  });

  test("is long-cached with revalidation, and revalidates with its ETag", async () => {
    const response = await get("/lucide.json?icons=house");
    expect(response.headers.get("Cache-Control")).toBe(
      "public, max-age=604800, stale-while-revalidate=86400",
    );
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await get("/lucide.json?icons=house", { headers: { "If-None-Match": etag ?? "" } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  test("answers HEAD like GET, without a body", async () => {
    const response = await get("/lucide.json?icons=house", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});

describe("refusals", () => {
  test.each([
    "/nope.json?icons=house",
    "/lucide?icons=house",
    "/..%2Flucide.json?icons=house",
    "/LUCIDE.json?icons=a",
  ])("an unknown collection is a JSON 404: %s", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Unknown icon collection" });
  });

  const tooMany = Array.from({ length: ICONS_MAX_PER_REQUEST + 1 }, (_, i) => `icon-${i}`).join(",");
  test.each([
    ["a missing icons parameter", ""],
    ["an empty list", "?icons="],
    ["an empty name", "?icons=house,,zap"],
    ["upper case", "?icons=ABC"],
    ["a path", "?icons=..%2Fx"],
    ["a space", "?icons=a%20b"],
    ["an underscore", "?icons=__proto__"],
    [`${ICONS_MAX_PER_REQUEST + 1} names`, `?icons=${tooMany}`],
  ])("%s is a JSON 400", async (_name, query) => {
    const response = await get(`/lucide.json${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
    expect(response.headers.get("Cache-Control")).toBeNull();
  });

  test(`${ICONS_MAX_PER_REQUEST} names are fine`, async () => {
    const names = Array.from({ length: ICONS_MAX_PER_REQUEST }, (_, i) => `icon-${i}`).join(",");
    const response = await get(`/lucide.json?icons=${names}`);
    expect(response.status).toBe(200);
    expect((await response.json()).not_found).toHaveLength(ICONS_MAX_PER_REQUEST);
  });

  test.each(["POST", "PUT", "DELETE"])("%s is a 405", async (method) => {
    const response = await get("/lucide.json?icons=house", { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("the set cache", () => {
  test("reads each set once and only when first asked", async () => {
    const { readFile } = await import("node:fs/promises");
    const sets = new Map([["lucide", "@iconify-json/lucide/icons.json"]]);
    const reads: string[] = [];
    const counting = iconsApi(sets, async (path) => {
      reads.push(path);
      return readFile(path, "utf8");
    });
    expect(reads).toHaveLength(0);
    await Promise.all([
      counting.request("/lucide.json?icons=house"),
      counting.request("/lucide.json?icons=zap"),
    ]);
    await counting.request("/lucide.json?icons=star");
    expect(reads).toEqual([expect.stringMatching(/@iconify-json\/lucide\/icons\.json$/)]);
  });
});
