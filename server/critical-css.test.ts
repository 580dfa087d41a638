import { expect, test } from "vitest";
import { withCriticalCss } from "./critical-css";

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

test("the rules go where the stylesheet was, and the stylesheet to the end of the body", () => {
  const html = page(
    '<meta charSet="utf-8"/><link rel="stylesheet" href="/a.css"/><title>x</title>',
    "<main>hi</main>",
  );
  expect(withCriticalCss(html, "main{color:red}")).toBe(
    page(
      '<meta charSet="utf-8"/><style>main{color:red}</style><title>x</title>',
      '<main>hi</main><link rel="stylesheet" href="/a.css"/>',
    ),
  );
});

test("every stylesheet of the head moves, in its order, and the rules come once", () => {
  const html = page('<link rel="stylesheet" href="/a.css"/><link rel="stylesheet" href="/b.css"/>', "x");
  expect(withCriticalCss(html, "p{}")).toBe(
    page(
      "<style>p{}</style>",
      'x<link rel="stylesheet" href="/a.css"/><link rel="stylesheet" href="/b.css"/>',
    ),
  );
});

test("a page without a stylesheet in its head, or done already, stays as it is", () => {
  const html = page("<title>x</title>", '<link rel="stylesheet" href="/a.css"/>');
  expect(withCriticalCss(html, "p{}")).toBe(html);
  const once = withCriticalCss(page('<link rel="stylesheet" href="/a.css"/>', "x"), "p{}");
  expect(withCriticalCss(once, "p{}")).toBe(once);
});

test("rules with $ patterns are written as they are", () => {
  const html = page('<link rel="stylesheet" href="/a.css"/>', "x");
  expect(withCriticalCss(html, "a::after{content:'$&'}")).toContain("<style>a::after{content:'$&'}</style>");
});
