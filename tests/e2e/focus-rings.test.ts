import { expect, type Page } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { waitForHydration } from "../fixtures/page-state";
import { test } from "../fixtures/signed-in";

type Ring = { element: string; style: string; width: number; offset: number; contrast: number };

/**
 * The focus ring of the focused element: its outline, and the outline
 * colour's contrast against the surface it is drawn on (the nearest
 * ancestor with a background), both as the browser paints them (sRGB).
 */
function focusRing(page: Page): Promise<Ring> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!canvas) throw new Error("no canvas");
    const rgba = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data);
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r, g, b].map((c) => {
        const s = (c ?? 0) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (R ?? 0) + 0.7152 * (G ?? 0) + 0.0722 * (B ?? 0);
    };
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    let surface: Element | null = element.parentElement;
    while (surface && rgba(getComputedStyle(surface).backgroundColor)[3] === 0)
      surface = surface.parentElement;
    const behind = rgba(surface ? getComputedStyle(surface).backgroundColor : "white");
    const ring = rgba(style.outlineColor);
    const alpha = (ring[3] ?? 255) / 255;
    const painted = ring.slice(0, 3).map((c, i) => c * alpha + (behind[i] ?? 0) * (1 - alpha));
    const [lighter, darker] = [luminance(painted), luminance(behind)].sort((a, b) => b - a);
    return {
      element: `${element.tagName.toLowerCase()} ${(element.textContent ?? "").trim().slice(0, 30) || element.getAttribute("name") || ""}`,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      offset: Number.parseFloat(style.outlineOffset),
      contrast: ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05),
    };
  });
}

/** Tabs through the whole page and reads the ring of everything the keyboard reaches. */
async function ringsOnTheWay(page: Page): Promise<Ring[]> {
  const rings: Ring[] = [];
  for (;;) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement === document.body)) return rings;
    rings.push(await focusRing(page));
    expect(rings.length, "the page ends within 40 stops").toBeLessThan(40);
  }
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test("every control the keyboard reaches, links included, shows a solid 2 px ring at 3:1 or more", async ({
      login,
      page,
    }) => {
      test.setTimeout(60_000);
      await page.goto("/login");
      await waitForHydration(page);
      const guest = await ringsOnTheWay(page);
      const account = newAccount();
      await login(account);
      await page.goto("/dashboard");
      await waitForHydration(page);
      const signedIn = await ringsOnTheWay(page);
      for (const ring of [...guest, ...signedIn]) {
        expect(ring.style, ring.element).toBe("solid");
        expect(ring.width, ring.element).toBeGreaterThanOrEqual(2);
        expect(ring.contrast, ring.element).toBeGreaterThanOrEqual(3);
      }
      // Links too (the header's and the page's), not only buttons and fields.
      expect(guest.some((ring) => ring.element.startsWith("a "))).toBe(true);
      expect(signedIn.length).toBeGreaterThan(5);
    });
  });
}
