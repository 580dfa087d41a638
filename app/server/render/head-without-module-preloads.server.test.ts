import { describe, expect, it } from "vitest";
import { headWithoutModulePreloads } from "./head-without-module-preloads.server";

const throughBytes = (chunks: Uint8Array[]) => {
  const head = headWithoutModulePreloads();
  const sent = [...chunks.map((chunk) => head.next(chunk)), head.end()];
  return Buffer.concat(sent.filter((bytes) => bytes !== undefined)).toString("utf8");
};
const through = async (chunks: string[]) => throughBytes(chunks.map((chunk) => Buffer.from(chunk)));

describe("headWithoutModulePreloads", () => {
  it("takes the module preloads out of the head, whatever the chunks, and keeps everything else", async () => {
    const head =
      '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/x.js"/>' +
      '<link rel="modulepreload" href="/assets/y.js" nonce="n"/><link rel="preload" as="font" href="/f.woff2"/></head>';
    const body =
      '<body><link rel="modulepreload" href="/assets/z.js"/><script type="module">import "/x.js";</script></body></html>';
    const expected =
      '<html><head><link rel="stylesheet" href="/a.css"/><link rel="preload" as="font" href="/f.woff2"/></head>' +
      body;
    expect(await through([head + body])).toBe(expected);
    // Cut anywhere, even inside a tag or inside "</head>".
    const whole = head + body;
    for (const cut of [5, 60, whole.indexOf("</head>") + 3, whole.length - 4]) {
      expect(await through([whole.slice(0, cut), whole.slice(cut)])).toBe(expected);
    }
  });

  it("passes a document without a head through as it is", async () => {
    expect(await through(["<p>no head", " here</p>"])).toBe("<p>no head here</p>");
  });

  it("keeps a character cut in two between chunks", () => {
    const whole = Buffer.from(
      '<head><title>Café</title><link rel="modulepreload" href="/x.js"/></head><p>é</p>',
    );
    const cut = whole.indexOf(Buffer.from("é")) + 1;
    expect(throughBytes([whole.subarray(0, cut), whole.subarray(cut)])).toBe(
      "<head><title>Café</title></head><p>é</p>",
    );
  });
});
