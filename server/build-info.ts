import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { type BuildInfo, isBuildId } from "~/lib/build-id";

/** `latest.json` may be cached this long: several instances can share a CDN, none lags behind. */
const BUILD_LATEST_MAX_AGE_SECONDS = 5;

/** Reads one of the build-info files (`latest.json`, `meta/{id}.json`); `null` when absent. */
export type BuildFileReader = (name: string) => Promise<string | null>;

const LATEST_CACHE_CONTROL = `public, max-age=${BUILD_LATEST_MAX_AGE_SECONDS}, must-revalidate`;
const META_CACHE_CONTROL = "public, max-age=31536000, immutable";
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The build's id files, mounted at `/_app/builds` before the
 * generic static files: `latest.json` with a cache of seconds (browsers poll
 * it, a CDN may hold it briefly), `meta/{id}.json` as immutable. Unknown
 * files are a JSON 404, never the HTML error page; query strings (the
 * browser's cache-busting `?t=`) are ignored.
 */
export function buildInfoApi(readBuildFile: BuildFileReader) {
  const notFound = { error: "Not Found" };
  return new Hono()
    .get("/latest.json", async (c) => {
      const body = await readBuildFile("latest.json");
      if (body === null) return c.json(notFound, 404);
      return c.body(body, 200, { "Content-Type": JSON_TYPE, "Cache-Control": LATEST_CACHE_CONTROL });
    })
    .get("/meta/:file", async (c) => {
      const id = /^(.+)\.json$/.exec(c.req.param("file"))?.[1];
      // The id names a file: only the URL-safe ids the build makes get near the disk.
      const body = isBuildId(id) ? await readBuildFile(`meta/${id}.json`) : null;
      if (body === null) return c.json(notFound, 404);
      return c.body(body, 200, { "Content-Type": JSON_TYPE, "Cache-Control": META_CACHE_CONTROL });
    })
    .all("*", (c) => c.json(notFound, 404));
}

/** The files the production build wrote into `{clientDir}/_app/builds`. */
export function readBuildFilesFrom(dir: string): BuildFileReader {
  return async (name) => {
    try {
      return await readFile(join(dir, name), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };
}

/** `npm run dev` writes no files: the dev server is its own latest build. */
export function inMemoryBuildFiles(build: BuildInfo): BuildFileReader {
  const body = `${JSON.stringify(build)}\n`;
  const files = new Map([
    ["latest.json", body],
    [`meta/${build.id}.json`, body],
  ]);
  return async (name) => files.get(name) ?? null;
}
