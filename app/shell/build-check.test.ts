import { describe, expect, test, vi } from "vitest";
import { BUILD_CHECK_MIN_GAP_MS } from "~/lib/constants";
import { createBuildCheck } from "./build-check";

function setUp(answers: Array<unknown | Error>) {
  let time = 1_000_000;
  const onNewBuild = vi.fn();
  const fetchLatest = vi.fn(async () => {
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const check = createBuildCheck({ ownId: "own", fetchLatest, onNewBuild, now: () => time });
  return { check, fetchLatest, onNewBuild, advance: (ms: number) => (time += ms) };
}

describe("createBuildCheck", () => {
  test("announces another build id once", async () => {
    const { check, onNewBuild, advance } = setUp([{ id: "newer" }, { id: "newest" }]);
    await check();
    advance(BUILD_CHECK_MIN_GAP_MS);
    await check();
    expect(onNewBuild).toHaveBeenCalledOnce();
    expect(onNewBuild).toHaveBeenCalledWith("newer");
  });

  test("stays quiet while the server has our own build", async () => {
    const { check, fetchLatest, onNewBuild, advance } = setUp([{ id: "own" }, { id: "own" }]);
    await check();
    advance(BUILD_CHECK_MIN_GAP_MS);
    await check();
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  test("never asks more than once per few seconds", async () => {
    const { check, fetchLatest, advance } = setUp([{ id: "own" }, { id: "own" }]);
    await check();
    advance(BUILD_CHECK_MIN_GAP_MS - 1);
    await check();
    expect(fetchLatest).toHaveBeenCalledOnce();
    advance(1);
    await check();
    expect(fetchLatest).toHaveBeenCalledTimes(2);
  });

  test("fails silently and tries again later", async () => {
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const { check, onNewBuild, advance } = setUp([new Error("offline"), { id: "newer" }]);
    await check();
    expect(onNewBuild).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledOnce();
    advance(BUILD_CHECK_MIN_GAP_MS);
    await check();
    expect(onNewBuild).toHaveBeenCalledWith("newer");
  });
});
