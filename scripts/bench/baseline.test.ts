import { expect, test } from "vitest";
import { throughputRatio } from "./baseline";

const runs = (...rps: number[]) => rps.map((each) => ({ rps: each }));

test("the ratio is of each build's best round: a slow spell in one round moves neither", () => {
  // Rounds of a run of bench 55dc359 beside 790c701: the machine slowed in the middle rounds.
  const ours = runs(347, 266, 214, 191, 203, 378, 330);
  const before = runs(264, 348, 243, 218, 219, 385, 338);
  expect(throughputRatio(ours, before)).toEqual({ ratio: 0.98, medianOfRounds: 0.93 });
});

test("a build slower in every round is slower by as much", () => {
  expect(throughputRatio(runs(90, 45, 88), runs(100, 50, 98)).ratio).toBe(0.9);
  expect(throughputRatio(runs(), runs(100)).ratio).toBe(0);
});
