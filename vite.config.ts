import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { appIcons } from "./vite/app-icons.ts";
import { buildInfo } from "./vite/build-info.ts";
import { clientChunks } from "./vite/client-chunks.ts";
import { iconComponents } from "./vite/icon-components.ts";
import { nodeEntry } from "./vite/node-entry.ts";
import { precompressAssets } from "./vite/precompress.ts";

// The server build's entry is our Hono app (server/app.ts), which imports
// React Router's server build itself: one module graph, one set of singletons.
export default defineConfig({
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    reactRouter(),
    buildInfo(),
    appIcons(),
    iconComponents(),
    clientChunks(),
    precompressAssets(),
    nodeEntry(),
  ],
});
