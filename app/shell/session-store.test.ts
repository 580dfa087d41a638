import { describe, expect, test, vi } from "vitest";
import { createSessionStore } from "./session-store";

const signedIn = {
  user: { id: "u1", name: "Ada Lovelace", email: "ada@example.com" },
  loggedInAt: "2026-11-22T10:00:00.000Z",
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("session store", () => {
  test("is not ready until the first fetch ends", async () => {
    const fetchImpl = vi.fn(async () => json(signedIn));
    const store = createSessionStore(fetchImpl);
    expect(store.get()).toMatchObject({ ready: false, loggedIn: false, user: null });
    await store.fetch();
    expect(store.get()).toMatchObject({ ready: true, loggedIn: true, user: signedIn.user });
  });

  test("asks for JSON once, without retries", async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json({}, 503));
    const store = createSessionStore(fetchImpl as typeof fetch);
    await store.fetch();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe("/api/_auth/session");
    expect(new Headers(init?.headers).get("Accept")).toBe("application/json");
  });

  test.each([
    ["a network error", async () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a 500", async () => json(signedIn, 500)],
    ["bad JSON", async () => new Response("<html>", { status: 200 })],
    ["a user without an id", async () => json({ user: { name: "x" } })],
    ["null", async () => json(null)],
  ])("counts %s as signed out, silently", async (_name, fetchImpl) => {
    const failing = createSessionStore(fetchImpl as typeof fetch);
    failing.seed(signedIn);
    await failing.fetch();
    expect(failing.get()).toMatchObject({ ready: true, loggedIn: false, user: null });
  });

  test("clear() sends DELETE and empties the store", async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json({ loggedOut: true }),
    );
    const store = createSessionStore(fetchImpl as typeof fetch);
    store.seed(signedIn);
    await store.clear();
    expect(fetchImpl.mock.calls[0]?.[1]?.method).toBe("DELETE");
    expect(store.get()).toMatchObject({ ready: true, loggedIn: false, user: null });
  });

  test("clear() empties the store even when the DELETE fails", async () => {
    const store = createSessionStore(vi.fn(async () => Promise.reject(new TypeError("offline"))));
    store.seed(signedIn);
    await store.clear();
    expect(store.get().loggedIn).toBe(false);
  });

  test("tells subscribers about changes, and only about changes", async () => {
    const store = createSessionStore(vi.fn(async () => json(signedIn)));
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await store.fetch();
    await store.fetch();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.seed({});
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
