import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { precompress } from "../server/compression.ts";

/** Files worth compressing: text, at least one TCP packet's worth. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `{file}.br` and `{file}.gz` next to every compressible file of the
 * browser build, so the server sends the strongest compression without
 * spending CPU per request (`serveStatic({ precompressed: true })`).
 *
 * It runs when the files are written, after every plugin has finished them:
 * earlier, Vite's preload markers are still in the code. A few lines of glue:
 * the published plugins only compress the server build under React Router's
 * two-environment build.
 */
export function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle({ dir = "" }, bundle) {
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue;
        const source = file.type === "chunk" ? file.code : file.source;
        const body = typeof source === "string" ? new TextEncoder().encode(source) : source;
        if (body.byteLength < MIN_BYTES) continue;
        const { br, gzip } = precompress(body);
        writeFileSync(join(dir, `${file.fileName}.br`), br);
        writeFileSync(join(dir, `${file.fileName}.gz`), gzip);
      }
    },
  };
}
