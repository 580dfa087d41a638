import { expect, test } from "vitest";
import { createPreloadQueue } from "./preload-queue";

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

test("never runs more than the limit at once, and runs everything in order", async () => {
  const queue = createPreloadQueue(4);
  const started: number[] = [];
  const tasks = Array.from({ length: 10 }, () => deferred());
  let running = 0;
  let peak = 0;
  tasks.forEach((task, index) => {
    queue.add(async () => {
      started.push(index);
      running += 1;
      peak = Math.max(peak, running);
      try {
        await task.promise;
      } finally {
        running -= 1;
      }
    });
  });
  expect(queue.stats()).toEqual({ active: 4, waiting: 6 });
  for (const task of tasks) {
    task.resolve();
    await Promise.resolve();
    await new Promise((next) => setTimeout(next, 0));
  }
  expect(peak).toBe(4);
  expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(queue.stats()).toEqual({ active: 0, waiting: 0 });
});

test("a failed task frees its slot", async () => {
  const queue = createPreloadQueue(1);
  const failing = deferred();
  let secondRan = false;
  queue.add(() => failing.promise);
  queue.add(async () => {
    secondRan = true;
  });
  expect(secondRan).toBe(false);
  failing.reject(new Error("offline"));
  await new Promise((next) => setTimeout(next, 0));
  expect(secondRan).toBe(true);
});
