import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/runtime";
import { type Precompressed, precompress, preferredEncoding } from "./compression";
import { withCriticalCss } from "./critical-css";
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

type Entry = {
  bodies: Precompressed;
  etag: string;
  type: string;
  scriptHashes: string[];
  /** The page's own headers, as its route set them (a Cross-Origin-Opener-Policy, say). */
  headers: Record<string, string>;
};

function entryOf(body: Uint8Array, type: string, headers: Record<string, string> = {}): Entry {
  const etag = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const scriptHashes = type.startsWith("text/html")
    ? inlineScriptHashes(Buffer.from(body).toString("utf8"))
    : [];
  return { bodies: precompress(body), type, etag, scriptHashes, headers };
}

/** Headers of a render that belong to every copy of it; the rest are the server's to set per answer. */
const PER_ANSWER_HEADERS = new Set([
  "cache-control",
  "content-encoding",
  "content-length",
  "content-type",
  "date",
  "etag",
  "set-cookie",
  "vary",
]);

/**
 * A guest page rendered once: only a complete `200` HTML page that sets no
 * cookie may be kept and served to every guest; anything else (an outage, a
 * redirect) is left to the per-request render.
 */
async function renderedEntry(
  render: () => Promise<Response>,
  finish: (body: Uint8Array) => Uint8Array,
): Promise<Entry | undefined> {
  try {
    const response = await render();
    const type = response.headers.get("Content-Type") ?? "";
    const kept = type.startsWith("text/html") || type.startsWith("text/x-script");
    if (response.status !== 200 || !kept || response.headers.has("Set-Cookie")) {
      await response.body?.cancel();
      return undefined;
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!PER_ANSWER_HEADERS.has(name)) headers[name] = value;
    });
    const body = new Uint8Array(await response.arrayBuffer());
    return entryOf(type.startsWith("text/html") ? finish(body) : body, type, headers);
  } catch {
    return undefined;
  }
}

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
 * Serves the guest pages as static files to every request without a session
 * cookie: the landing page and its data file as prerendered at build time,
 * and the `renderedOnce` pages (sign-in, forgot password) as rendered at
 * their first guest request, from the running configuration (the sign-in
 * providers are set at start, not at build). A guest's first load, client
 * navigation and link prefetching never touch React. A request that carries
 * a session cookie, or a query (`?redirect=`, `?mode=`), falls through to the
 * server render, so a signed-in visitor is still redirected before any HTML
 * and never sees the guest header. `Vary: Cookie` and revalidation on every
 * use (`no-cache` + ETag) keep browsers from mixing the two up.
 *
 * Each language has its own copy (docs/i18n.md): the build prerendered the
 * default language's; another language's landing page and data file are
 * rendered once, at their first request in that language, like the
 * `renderedOnce` pages.
 */
export async function staticGuestPages({
  clientDir,
  sessionCookieName,
  renderedOnce,
  criticalCss,
  render,
}: {
  clientDir: string;
  sessionCookieName: string;
  renderedOnce: readonly string[];
  /** The rendered-once pages' critical CSS (server/critical-css.ts), inlined in their copy; the stylesheet loads after the paint. */
  criticalCss: Map<string, string>;
  /** A guest's render of a path in a language, with no cookie, query or nonce. */
  render: (path: string, locale: Locale) => Promise<Response>;
}): Promise<MiddlewareHandler<EdgeEnv>> {
  // The prerendered files are read now (a build without them fails at start) but compressed at
  // their first request: brotli at its best quality is some 35 ms of a cold start.
  const prerendered = new Map<string, () => Entry>();
  for (const [path, { file, type }] of Object.entries(PRERENDERED)) {
    const body = await readFile(join(clientDir, file));
    prerendered.set(path, () => entryOf(body, type));
  }
  const finish = (path: string) => (body: Uint8Array) => {
    const css = criticalCss.get(path);
    return css ? Buffer.from(withCriticalCss(Buffer.from(body).toString("utf8"), css)) : body;
  };
  const entries = new Map<string, Promise<Entry | undefined>>();
  const isRenderedOnce = (path: string) => renderedOnce.includes(path);
  return async (c, next) => {
    const path = c.req.path;
    if (!(isPrerenderedPath(path) || isRenderedOnce(path))) return next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (getCookie(c, sessionCookieName) !== undefined) {
      await next();
      c.res.headers.append("Vary", "Cookie");
      return;
    }
    if (isRenderedOnce(path) && new URL(c.req.url).search !== "") return next();
    const locale = c.get("localeScope").locale;
    const key = `${locale} ${path}`;
    let pending = entries.get(key);
    if (!pending) {
      const build = locale === DEFAULT_LOCALE ? prerendered.get(path) : undefined;
      pending = build ? Promise.resolve(build()) : renderedEntry(() => render(path, locale), finish(path));
      entries.set(key, pending);
    }
    const entry = await pending;
    if (!entry) {
      // Not kept (an outage, say): this request is rendered as usual, and the next one tries again.
      if (entries.get(key) === pending) entries.delete(key);
      return next();
    }
    c.set("scriptHashes", entry.scriptHashes);
    // Each of these paths is a route's own, with no parameter: the span's name (request-tracing.ts).
    c.set("route", path);
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    // Each encoding is its own representation, with its own validator.
    const etag = `"${entry.etag}${encoding ? `-${encoding}` : ""}"`;
    const headers = {
      ...entry.headers,
      "Cache-Control": "public, no-cache",
      ETag: etag,
      Vary: "Cookie, Accept-Encoding",
    };
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
