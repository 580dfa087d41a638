import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompress, preferredEncoding } from "./compression";

describe("preferredEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["br; q=0.0, gzip", "gzip"],
    ["gzip;q=0, br;q=0", undefined],
    ["identity", undefined],
    ["*", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("precompress", () => {
  it("gives brotli and gzip bodies that decode to the original, smaller for text", () => {
    const body = new TextEncoder().encode("<p>hello</p>".repeat(200));
    const { identity, br, gzip } = precompress(body);
    expect(identity).toBe(body);
    expect(new Uint8Array(brotliDecompressSync(br))).toEqual(body);
    expect(new Uint8Array(gunzipSync(gzip))).toEqual(body);
    expect(br.byteLength).toBeLessThan(body.byteLength / 10);
  });
});
