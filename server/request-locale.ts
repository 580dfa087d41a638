import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { chooseLocale, inLocaleScope, LOCALE_COOKIE, type LocaleScope } from "~/i18n/locale.server";
import type { EdgeEnv } from "./edge-env";

/**
 * Every request speaks a language (docs/i18n.md): the cookie's choice, else
 * the browser's languages, else English; a signed-in person's saved choice
 * then wins (the session's reader, app/server/session). The answer says
 * which (`Content-Language`), and a page varies with both inputs.
 */
export const requestLocale: MiddlewareHandler<EdgeEnv> = async (c, next) => {
  const scope: LocaleScope = {
    locale: chooseLocale(getCookie(c, LOCALE_COOKIE), c.req.header("Accept-Language")),
  };
  c.set("localeScope", scope);
  await inLocaleScope(scope, next);
  if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
    c.res.headers.set("Content-Language", scope.locale);
    c.res.headers.append("Vary", "Accept-Language");
  }
};
