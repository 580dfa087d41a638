import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { appIcons } from "./vite/app-icons.ts";
import { buildInfo } from "./vite/build-info.ts";
import { clientChunks } from "./vite/client-chunks.ts";
import { serverCompileCache } from "./vite/compile-cache.ts";
import { criticalCss } from "./vite/critical-css.ts";
import { i18nCatalogues } from "./vite/i18n.ts";
import { iconComponents } from "./vite/icon-components.ts";
import { localeBundles } from "./vite/locale-bundles.ts";
import { nodeEntry } from "./vite/node-entry.ts";
import { precompressAssets } from "./vite/precompress.ts";

// The server build's entry is our Hono app (server/app.ts), which imports
// React Router's server build itself: one module graph, one set of singletons.
// Its npm packages are bundled in too: Node then reads a few files at start
// instead of resolving and loading some 900 modules, which halves the cold
// start. Code loaded on first use (the PostgreSQL driver, Redis, nodemailer,
// menus) stays in chunks of its own, written next to the entry, so that the
// app finds `build/client` at `../client` from any of them.
export default defineConfig(({ command }) => ({
  environments: {
    ssr: {
      // Bundled only when building: Vite's dev server runs packages as Node loads them
      // (inlining CommonJS ones, react-dom/server among them, fails there).
      ...(command === "build" ? { resolve: { noExternal: true } } : {}),
      // The server build always runs React's production code: its development copies go.
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        rollupOptions: {
          input: "./server/app.ts",
          output: {
            chunkFileNames: "[name]-[hash].js",
            // ASCII only, and no doc comments: Node then reads each file as one-byte
            // text, which starts faster and keeps about 6 MB less in memory.
            charset: "ascii",
            comments: { legal: true, annotation: false, jsdoc: false },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    i18nCatalogues(),
    reactRouter(),
    buildInfo(),
    appIcons(),
    iconComponents(),
    clientChunks(),
    precompressAssets(),
    localeBundles(),
    nodeEntry(),
    criticalCss(),
    serverCompileCache(),
  ],
}));
