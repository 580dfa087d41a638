import { expect, test } from "vitest";
import { popupFeatures } from "./sign-in-popup";

test("centres a 960 × 600 popup on the opener's window", () => {
  expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 1280, outerHeight: 800 })).toBe(
    "popup=yes,width=960,height=600,left=160,top=100",
  );
});

test("follows the opener onto a second screen", () => {
  expect(popupFeatures({ screenX: 1920, screenY: 40, outerWidth: 1001, outerHeight: 700 })).toBe(
    "popup=yes,width=960,height=600,left=1941,top=90",
  );
});
