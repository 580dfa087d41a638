import { readdirSync, readFileSync } from "node:fs";
import { get } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET that leaves the body as sent: Node's `http` does not decode. */
function rawGet(path: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(new URL(path, baseURL), { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on("error", reject);
  });
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

test("the landing page is sent brotli, gzip or plain as the browser accepts, the same page each time", async () => {
  const built = readFileSync("build/client/index.html");
  for (const [accept, encoding] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["identity", undefined],
    ["br;q=0, gzip", "gzip"],
  ] as const) {
    const response = await rawGet("/", accept);
    expect(response.headers["content-encoding"], accept).toBe(encoding);
    expect(response.headers.vary).toContain("Accept-Encoding");
    const body = encoding ? (decoders[encoding] as (b: Buffer) => Buffer)(response.body) : response.body;
    expect(body.equals(built), accept).toBe(true);
    if (encoding) expect(response.body.byteLength).toBeLessThan(built.byteLength / 2);
  }
});

test("hashed assets are precompressed at build time and cached for a year", async () => {
  // Files under 1 KB are not worth it; the largest script is (React and React Router).
  const script = readdirSync("build/client/assets")
    .filter((file) => file.endsWith(".js"))
    .map((file) => `/assets/${file}`)
    .sort(
      (a, b) => readFileSync(`build/client${b}`).byteLength - readFileSync(`build/client${a}`).byteLength,
    )[0];
  expect(script).toBeDefined();
  const built = readFileSync(`build/client${script}`);
  const brotli = await rawGet(script as string, "gzip, br");
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  // Byte for byte the file written at build time, not compressed again per request.
  expect(brotli.body.equals(readFileSync(`build/client${script}.br`))).toBe(true);
  expect(brotliDecompressSync(brotli.body).equals(built)).toBe(true);

  const gzip = await rawGet(script as string, "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gzip.body).equals(built)).toBe(true);

  const plain = await rawGet(script as string, "identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.equals(built)).toBe(true);
});

test("every precompressed file is the finished file it stands for", () => {
  // Compressed too early, a chunk would still hold Vite's preload markers.
  const dir = "build/client/assets/";
  const compressed = readdirSync(dir).filter((file) => /\.(br|gz)$/.test(file));
  expect(compressed.length).toBeGreaterThan(10);
  for (const file of compressed) {
    const decode = file.endsWith(".br") ? decoders.br : decoders.gzip;
    const original = readFileSync(dir + file.replace(/\.(br|gz)$/, ""));
    expect((decode as (b: Buffer) => Buffer)(readFileSync(dir + file)).equals(original), file).toBe(true);
  }
});

test("pages rendered per request are compressed on the fly", async () => {
  // A query: rendered for this request, not the stored copy of /login (compressed once, like /).
  const response = await rawGet("/login?mode=signup", "gzip, br");
  expect(response.status).toBe(200);
  expect(response.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(response.body).toString("utf8")).toContain("</html>");

  const plain = await rawGet("/login?mode=signup", "identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString("utf8")).toContain("</html>");
});
