import { randomBytes } from "node:crypto";
import type { Plugin } from "vite";
import { type BuildInfo, DEV_BUILD_ID, resolveBuildId } from "../app/lib/build-id.ts";
import { BUILD_INFO_PATH } from "../app/lib/constants.ts";

/**
 * Gives every build an id.
 *
 * - `npm run build` takes `BUILD_ID` from the environment, else makes a fresh
 *   one, and writes `build/client/_app/builds/latest.json` and
 *   `build/client/_app/builds/meta/{id}.json` (`{ "id", "timestamp" }`).
 * - Both builds (browser and server) see the id as `import.meta.env.BUILD_ID`,
 *   so the page knows which build it runs and can tell when the server has a
 *   newer one.
 * - `npm run dev` uses the id `dev` and writes no files; the Hono app answers
 *   the same URLs from memory (`server/build-info.ts`).
 */
export function buildInfo(env: Record<string, string | undefined> = process.env): Plugin {
  let build: BuildInfo = { id: DEV_BUILD_ID, timestamp: Date.now() };
  return {
    name: "build-info",
    config(_config, { command }) {
      if (command === "build") {
        const timestamp = Date.now();
        build = { id: resolveBuildId(env, timestamp, () => randomBytes(6).toString("base64url")), timestamp };
      }
      return { define: { "import.meta.env.BUILD_ID": JSON.stringify(build.id) } };
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      const source = `${JSON.stringify(build)}\n`;
      const dir = BUILD_INFO_PATH.slice(1);
      this.emitFile({ type: "asset", fileName: `${dir}/latest.json`, source });
      this.emitFile({ type: "asset", fileName: `${dir}/meta/${build.id}.json`, source });
    },
  };
}
