import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { rich } from "./rich";

const link = (children: string) => <a href="/guide">{children}</a>;

test("each tag's words are rendered by the element it names, the rest as text", () => {
  const message = "Read the <link>guide</link> first, then <b>this</b> & that.";
  expect(renderToStaticMarkup(rich(message, { link }))).toBe(
    'Read the <a href="/guide">guide</a> first, then this &amp; that.',
  );
});

test("a message rendered again, with other elements, is cut the same way", () => {
  const message = "<link>Start</link> here";
  expect(renderToStaticMarkup(rich(message, { link }))).toBe('<a href="/guide">Start</a> here');
  expect(renderToStaticMarkup(rich(message, { link: (words) => <em>{words}</em> }))).toBe(
    "<em>Start</em> here",
  );
  expect(renderToStaticMarkup(rich("No tags at all", {}))).toBe("No tags at all");
});
