import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Beasties from "beasties";
import type { Plugin } from "vite";
import { CRITICAL_CSS_FILE, withCriticalCss } from "../server/critical-css.ts";

/**
 * Placeholder credentials for the build's own render of the guest pages: the
 * provider buttons are then in the HTML, so their rules are in the critical
 * CSS whichever providers a deployment turns on. No request goes to them.
 */
const EVERY_PROVIDER = {
  GITHUB_CLIENT_ID: "build",
  GITHUB_CLIENT_SECRET: "build",
  GOOGLE_CLIENT_ID: "build",
  GOOGLE_CLIENT_SECRET: "build",
};

/**
 * Rules beasties cannot see in use, kept whole: the colour modes' (`.dark {
 * --background: … }`: the class is set on <html> by a script before the first
 * paint), and Tailwind's that select through `:where()` (`divide-y`) or an
 * arbitrary variant (`[&_svg:not([class*='size-'])]:size-4`).
 */
const KEEP_ALWAYS = [/(?:^|[\s,(])\.(?:dark|light)\b/, /^:where\(/, /^\.\\\[\\&/];

/**
 * Picks the critical CSS of each page a guest gets as a file (the landing
 * page, sign-in, forgot password), after React Router's build and
 * prerendering: the built server renders each page once (`--render-guest-pages`,
 * SQLite in a throwaway folder, nothing of the build machine's
 * configuration), beasties keeps the rules of the stylesheet that page's
 * HTML uses. A prerendered page (`build/client/index.html`) gets them in its
 * file; the pages rendered once per process get them from
 * `build/server/critical-css.json`, inlined by the server
 * (server/critical-css.ts). Either way the first paint waits for the HTML only.
 */
export function criticalCss(): Plugin {
  return {
    name: "critical-css",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const server = builder.environments.ssr;
        const client = builder.environments.client;
        if (!server || !client) return;
        const serverDir = resolve(builder.config.root, server.config.build.outDir);
        const clientDir = resolve(builder.config.root, client.config.build.outDir);
        const work = mkdtempSync(join(tmpdir(), "critical-css-"));
        try {
          execFileSync(process.execPath, [join(serverDir, "main.js"), `--render-guest-pages=${work}`], {
            env: { PATH: process.env.PATH ?? "", DATA_DIR: work, LOG_LEVEL: "silent", ...EVERY_PROVIDER },
            stdio: ["ignore", "ignore", "inherit"],
            timeout: 60_000,
          });
          // Only its rules are taken from beasties' page: withCriticalCss places them and the stylesheet.
          const beasties = new Beasties({
            path: clientDir,
            publicPath: "/",
            pruneSource: false,
            // The typeface's faces come with the rules that use them: no swap when the stylesheet lands.
            inlineFonts: true,
            preloadFonts: false,
            allowRules: KEEP_ALWAYS,
            compress: true,
            logLevel: "warn",
          });
          const renderedOnce: Record<string, string> = {};
          for (const file of readdirSync(work).filter((name) => name.endsWith(".html"))) {
            const page = readFileSync(join(work, file), "utf8");
            const css = /<style>([\s\S]*?)<\/style>/.exec(await beasties.process(page))?.[1];
            if (!css) throw new Error(`beasties found no critical CSS in ${file}`);
            const path = decodeURIComponent(file.replace(/\.html$/, ""));
            const prerendered = join(clientDir, path, "index.html");
            // A prerendered page is served as written: its file gets the rules now.
            if (existsSync(prerendered)) writeFileSync(prerendered, withCriticalCss(page, css));
            else renderedOnce[path] = css;
          }
          writeFileSync(join(serverDir, CRITICAL_CSS_FILE), JSON.stringify(renderedOnce));
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      },
    },
  };
}
