import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error is a bug the test did not notice: fail on it.
// Tests that expect one spy on console.error themselves.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
