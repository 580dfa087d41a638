import { data, redirect } from "react-router";
import { z } from "zod";
import { localeCookie } from "~/i18n/language-choice.server";
import * as m from "~/i18n/messages";
import { availableLocales, type Locale } from "~/i18n/runtime";
import { safeRedirect } from "~/lib/redirect";
import { getServices, sessionContext } from "~/server/context.server";
import { isImpersonatedSession } from "~/server/session/session.server";
import type { Route } from "./+types/language";

const LanguageChoice = z.object({
  locale: z
    .string()
    .refine((value): value is Locale => (availableLocales() as readonly string[]).includes(value)),
  redirect: z.string().max(2048).optional(),
});

/**
 * The language switch (app/components/language-switch.tsx), a plain form
 * post that works without JavaScript: the browser keeps the choice in a
 * cookie, a signed-in person's account keeps it too (their pages on every
 * device, and their mails), and the page they were on loads again in it.
 * An administrator signed in as someone (a support sign-in) changes only
 * their own browser, never the person's account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const choice = LanguageChoice.safeParse(form);
  if (!choice.success) return data({ error: m.languageUnknown() }, { status: 400 });
  const locale = choice.data.locale as Locale;
  const services = getServices(context);
  const signedIn = context.get(sessionContext);
  if (signedIn && !isImpersonatedSession(signedIn)) {
    await services.db.updateTable("user").set({ locale }).where("id", "=", signedIn.user.id).execute();
  }
  // Back where the switch was used: the page the browser says it came from (the header stays as the
  // server rendered it across client navigations), else the one the form was rendered for.
  const from = sameOriginPath(request.headers.get("Referer"), services.env.APP_URL);
  return redirect(safeRedirect(from ?? choice.data.redirect, "/"), {
    status: 303,
    headers: { "Set-Cookie": localeCookie(locale, services.env.isHttps) },
  });
}

/** The path of a same-origin `Referer`, if it is one. */
function sameOriginPath(referer: string | null, appUrl: URL | string): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === new URL(appUrl).origin ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}

/** Nothing to see: the switch posts here, and a `GET` goes home. */
export function loader() {
  return redirect("/");
}
