import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { waitForRepaint } from "./repaint";

let frames: FrameRequestCallback[] = [];

let visibility: DocumentVisibilityState = "visible";

beforeEach(() => {
  vi.useFakeTimers();
  visibility = "visible";
  vi.stubGlobal("document", {
    get visibilityState() {
      return visibility;
    },
  });
  frames = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const settledAfter = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return () => settled;
};

test("waits for the next frame and then a zero-delay timeout", async () => {
  const settled = await settledAfter(waitForRepaint());
  expect(settled()).toBe(false);
  for (const frame of frames) frame(16);
  expect(settled()).toBe(false);
  await vi.advanceTimersByTimeAsync(0);
  expect(settled()).toBe(true);
});

test("gives up waiting after 500 ms when no frame comes", async () => {
  const settled = await settledAfter(waitForRepaint());
  await vi.advanceTimersByTimeAsync(499);
  expect(settled()).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(settled()).toBe(true);
});

test("a hidden tab, which paints nothing, does not wait at all", async () => {
  visibility = "hidden";
  const settled = await settledAfter(waitForRepaint());
  expect(settled()).toBe(true);
  expect(frames).toEqual([]);
});
