import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The encodings we serve prebuilt files in, best first. */
export type Encoding = "br" | "gzip";

/** A file's body in every encoding we serve it in. */
export type Precompressed = { identity: Uint8Array; br: Uint8Array; gzip: Uint8Array };

/**
 * Compresses a file once with the strongest settings: brotli quality 11 and
 * gzip level 9 are too slow per request but cost nothing at build time or
 * once at start.
 */
export function precompress(body: Uint8Array): Precompressed {
  return {
    identity: body,
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli when
 * accepted, else gzip, else none. `q=0` refuses an encoding (RFC 9110 §12.5.3).
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters
      .map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1])
      .find((value) => value !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}
