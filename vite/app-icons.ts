import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import pngToIco from "png-to-ico";
import type { Plugin } from "vite";

/** The one source of every icon: an SVG whose colours follow the colour mode (a media query inside). */
const SOURCE = new URL("../app/brand/logo.svg", import.meta.url);

/** PNG renderings: name → size in pixels. */
const PNG_SIZES = {
  "favicon-32.png": 32,
  "apple-touch-icon.png": 180,
  "icon-192.png": 192,
  "icon-512.png": 512,
} as const;

const ROBOTS_TXT = ["User-agent: *", "Allow: /", "Disallow: /dashboard", "Disallow: /api/", ""].join("\n");

let wasmReady: Promise<void> | null = null;

/** Renders `svg` to PNG at `size` × `size` with resvg (WebAssembly: no native addon). */
async function renderPng(svg: string, size: number): Promise<Buffer> {
  wasmReady ??= initWasm(
    readFileSync(createRequire(import.meta.url).resolve("@resvg/resvg-wasm/index_bg.wasm")),
  );
  await wasmReady;
  // resvg has no colour mode: it draws the light one, the same everywhere a PNG is used.
  const image = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render();
  return Buffer.from(image.asPng());
}

/** Every icon file, by its path at the site's root. */
export async function appIconFiles(): Promise<Record<string, string | Buffer>> {
  const svg = readFileSync(SOURCE, "utf8");
  const files: Record<string, string | Buffer> = { "favicon.svg": svg, "robots.txt": ROBOTS_TXT };
  for (const [name, size] of Object.entries(PNG_SIZES)) files[name] = await renderPng(svg, size);
  files["favicon.ico"] = await pngToIco([files["favicon-32.png"] as Buffer]);
  return files;
}

/**
 * Generates the app's icons at build time from `app/brand/logo.svg`: the
 * SVG favicon itself (it follows the colour mode), `favicon.ico`,
 * `favicon-32.png`, `apple-touch-icon.png` and the manifest's 192 and 512
 * px icons, plus `robots.txt`, all at the site's root. The dev server
 * answers the same paths from memory.
 */
export function appIcons(): Plugin {
  let files: Promise<Record<string, string | Buffer>> | null = null;
  const generated = () => {
    files ??= appIconFiles();
    return files;
  };
  return {
    name: "app-icons",
    async generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [fileName, source] of Object.entries(await generated())) {
        this.emitFile({ type: "asset", fileName, source });
      }
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const name = request.url?.split("?")[0]?.slice(1) ?? "";
        const file = (await generated())[name];
        if (file === undefined) return next();
        response.setHeader("Content-Type", contentTypeOf(name));
        response.end(file);
      });
    },
  };
}

function contentTypeOf(name: string): string {
  if (name.endsWith(".svg")) return "image/svg+xml";
  if (name.endsWith(".png")) return "image/png";
  if (name.endsWith(".ico")) return "image/x-icon";
  return "text/plain; charset=utf-8";
}
