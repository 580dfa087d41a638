import { Hono } from "hono";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ICON_FETCH_TIMEOUT_MS, ICONS_API_PATH, ICONS_MAX_PER_REQUEST } from "~/lib/constants";
import { iconsApi } from "../../server/icons";
import { createIconLoader } from "./icon-loader";

// The loader talks to the real endpoint, through Hono's in-memory request.
const server = new Hono().route(ICONS_API_PATH, iconsApi());

function setUp(fetchImpl?: typeof fetch) {
  const requests: string[] = [];
  const warnings: string[] = [];
  const loader = createIconLoader({
    fetch: async (input, init) => {
      requests.push(String(input));
      return fetchImpl ? fetchImpl(input, init) : server.request(String(input), init);
    },
    warn: (message) => warnings.push(message),
  });
  return { loader, requests, warnings };
}

/** A server that never answers, until the request is aborted. */
const silentServer: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) =>
    init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe("createIconLoader", () => {
  test("asks once per collection for the names of one tick", async () => {
    const { loader, requests, warnings } = setUp();
    const [house, zap, github, nope] = await Promise.all([
      loader.load("lucide:house"),
      loader.load("lucide:zap"),
      loader.load("simple-icons:github"),
      loader.load("lucide:no-such-icon"),
    ]);
    expect(requests.sort()).toEqual([
      "/api/_icons/lucide.json?icons=house,zap,no-such-icon",
      "/api/_icons/simple-icons.json?icons=github",
    ]);
    expect(house).toMatchObject({ width: 24, height: 24, body: expect.stringContaining("<path") });
    expect(zap?.body).not.toBe(house?.body);
    expect(github?.body).toContain("<path");
    expect(nope).toBeNull();
    expect(warnings).toEqual([]);
  });

  test("resolves an alias to its parent's drawing", async () => {
    const { loader } = setUp();
    const [home, house] = await Promise.all([loader.load("lucide:home"), loader.load("lucide:house")]);
    expect(home?.body).toBe(house?.body);
  });

  test("keeps answers and misses: asking again sends nothing", async () => {
    const { loader, requests } = setUp();
    await Promise.all([loader.load("lucide:house"), loader.load("lucide:no-such-icon")]);
    expect(loader.peek("lucide:house")?.body).toContain("<path");
    expect(loader.peek("lucide:no-such-icon")).toBeNull();
    await Promise.all([loader.load("lucide:house"), loader.load("lucide:no-such-icon")]);
    expect(requests).toHaveLength(1);
  });

  test("joins a request already on its way instead of sending another", async () => {
    const { loader, requests } = setUp();
    const first = loader.load("lucide:house");
    await Promise.resolve();
    await Promise.resolve();
    const second = loader.load("lucide:house");
    expect((await first)?.body).toBe((await second)?.body);
    expect(requests).toHaveLength(1);
  });

  test(`splits a batch into requests of at most ${ICONS_MAX_PER_REQUEST} names`, async () => {
    const { loader, requests, warnings } = setUp();
    const names = Array.from({ length: ICONS_MAX_PER_REQUEST + 1 }, (_, i) => `lucide:icon-${i}`);
    await Promise.all(names.map((name) => loader.load(name)));
    expect(requests.map((url) => url.split("=")[1]?.split(",").length)).toEqual([ICONS_MAX_PER_REQUEST, 1]);
    expect(warnings).toEqual([]);
  });

  test("refuses a malformed name without asking the server", async () => {
    const { loader, requests, warnings } = setUp();
    expect(await loader.load("house")).toBeNull();
    expect(await loader.load("lucide:House")).toBeNull();
    expect(requests).toEqual([]);
    expect(warnings).toHaveLength(2);
  });

  test("notifies subscribers when a request has settled", async () => {
    const { loader } = setUp();
    const listener = vi.fn();
    const unsubscribe = loader.subscribe(listener);
    await loader.load("lucide:house");
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    await loader.load("lucide:zap");
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("failures", () => {
  test(`gives up after ${ICON_FETCH_TIMEOUT_MS} ms with one warning, and tries again later`, async () => {
    vi.useFakeTimers();
    const { loader, requests, warnings } = setUp(silentServer);
    const settled = vi.fn();
    const loads = Promise.all([loader.load("lucide:house"), loader.load("lucide:zap")]).then(settled);
    await vi.advanceTimersByTimeAsync(ICON_FETCH_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await loads).toBeUndefined();
    expect(settled).toHaveBeenCalledWith([null, null]);
    expect(warnings).toEqual([
      `Icons not loaded (lucide: house, zap): TimeoutError: Timed out after ${ICON_FETCH_TIMEOUT_MS} ms`,
    ]);
    expect(loader.peek("lucide:house")).toBeUndefined();

    const retry = loader.load("lucide:house");
    await vi.advanceTimersByTimeAsync(ICON_FETCH_TIMEOUT_MS);
    await retry;
    expect(requests).toHaveLength(2);
  });

  test.each([
    ["an error status", async () => new Response("{}", { status: 500 })],
    ["a network error", async () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a body that is not an icon set", async () => Response.json(null)],
  ])("%s warns once and resolves null", async (_name, fetchImpl: () => Promise<Response>) => {
    const { loader, warnings } = setUp(fetchImpl);
    await expect(Promise.all([loader.load("lucide:house"), loader.load("lucide:zap")])).resolves.toEqual([
      null,
      null,
    ]);
    expect(warnings).toHaveLength(1);
  });
});
