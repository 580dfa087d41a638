import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { type Precompressed, precompress, preferredEncoding } from "./compression";
import type { EdgeEnv } from "./edge-env";

/** Prerendered paths and the files React Router wrote for them at build time. */
const PRERENDERED: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/_.data": { file: "_.data", type: "text/x-script; charset=utf-8" },
};

/** True for the paths whose files only the prerendered-page handler may serve. */
export function isPrerenderedPath(path: string): boolean {
  return Object.hasOwn(PRERENDERED, path);
}

type Entry = { bodies: Precompressed; etag: string; type: string; scriptHashes: string[] };

/**
 * CSP hashes of a prebuilt page's inline scripts. The page was written at
 * build time, so it cannot carry each response's nonce; its scripts are
 * allowed by their exact content instead.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`sha256-${createHash("sha256").update(content, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/**
 * Serves the landing page and its data file as prerendered at build time to
 * every request without a session cookie: a guest's first load, client
 * navigation and link prefetching never touch React. A request that carries
 * a session cookie falls through to the server render, so a signed-in
 * visitor never sees the guest header. `Vary: Cookie` and revalidation on
 * every use (`no-cache` + ETag) keep browsers from mixing the two up.
 */
export async function prerenderedPages(
  clientDir: string,
  sessionCookieName: string,
): Promise<MiddlewareHandler<EdgeEnv>> {
  const entries = new Map<string, Entry>();
  for (const [path, { file, type }] of Object.entries(PRERENDERED)) {
    const body = await readFile(join(clientDir, file));
    const etag = createHash("sha256").update(body).digest("base64url").slice(0, 27);
    const scriptHashes = type.startsWith("text/html") ? inlineScriptHashes(body.toString("utf8")) : [];
    entries.set(path, { bodies: precompress(body), type, etag, scriptHashes });
  }
  return async (c, next) => {
    const entry = entries.get(c.req.path);
    if (!entry || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    if (getCookie(c, sessionCookieName) !== undefined) {
      await next();
      c.res.headers.append("Vary", "Cookie");
      return;
    }
    c.set("scriptHashes", entry.scriptHashes);
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    // Each encoding is its own representation, with its own validator.
    const etag = `"${entry.etag}${encoding ? `-${encoding}` : ""}"`;
    const headers = { "Cache-Control": "public, no-cache", ETag: etag, Vary: "Cookie, Accept-Encoding" };
    if (c.req.header("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    const body = entry.bodies[encoding ?? "identity"];
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), {
      headers: {
        ...headers,
        "Content-Type": entry.type,
        "Content-Length": String(body.byteLength),
        ...(encoding ? { "Content-Encoding": encoding } : {}),
      },
    });
  };
}
