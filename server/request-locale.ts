import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { chooseLocale, inLocaleScope, LOCALE_COOKIE, type LocaleScope } from "~/i18n/locale.server";
import type { EdgeEnv } from "./edge-env";

/**
 * Every request that may carry words speaks a language (docs/i18n.md): the
 * cookie's choice, else the browser's languages, else English; a signed-in
 * person's saved choice then wins (the session's reader, app/server/session).
 * The answer says which (`Content-Language`), and a page varies with both
 * inputs. Handlers read it as `c.get("localeScope")`; the ones that write
 * words run inside it (`speakingRequestLocale`).
 */
export const requestLocale: MiddlewareHandler<EdgeEnv> = async (c, next) => {
  const scope: LocaleScope = {
    locale: chooseLocale(getCookie(c, LOCALE_COOKIE), c.req.header("Accept-Language")),
  };
  c.set("localeScope", scope);
  await next();
  if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
    c.res.headers.set("Content-Language", scope.locale);
    c.res.headers.append("Vary", "Accept-Language");
  }
};

/**
 * What runs after it speaks the request's language: messages (`m.key()`)
 * read it from the scope. Only in front of what writes words (pages, the
 * auth API), since a scope makes every later step of the request a little
 * dearer (Node's `queueMicrotask` keeps the scope for each task); files and
 * the guest pages' copies read `c.get("localeScope")` without one.
 */
export const speakingRequestLocale: MiddlewareHandler<EdgeEnv> = (c, next) =>
  inLocaleScope(c.get("localeScope"), next);
