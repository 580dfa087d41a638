import { useLocation } from "react-router";
import { useServerMarkup } from "~/components/server-markup";
import { buttonClass } from "~/components/ui/button";
import * as m from "~/i18n/messages";
import { availableLocales, LOCALE_NAMES, type Locale, locale } from "~/i18n/runtime";
import { cn } from "~/lib/cn";
import CheckIcon from "~icons/lucide/check";
import LanguagesIcon from "~icons/lucide/languages";

const SWITCH_ID = "language-switch";

/**
 * The server's markup of the switch, read once before hydration: the
 * browser renders it as it is (after a remount too), so the switch's code,
 * words and icons never ship to the browser.
 */
const serverMarkup =
  typeof document === "undefined" ? "" : (document.getElementById(SWITCH_ID)?.innerHTML ?? "");

/**
 * The header's language switch, beside the colour mode: a disclosure
 * (`<details>`) holding a plain form that posts the choice to `/language`,
 * which sends the browser back to the page it came from. It works without
 * JavaScript and needs none: the browser opens and closes the list, and the
 * page is the same in every language until a choice reloads it. So it is
 * rendered on the server only, like the colour-mode script in the head.
 * Each language is named in its own words and marked as such (`lang`), so a
 * screen reader says it right. The server renders it once per language and
 * page, then reuses that markup (`useServerMarkup`).
 */
export function LanguageSwitch() {
  if (import.meta.env.SSR) return <LanguageSwitchOnServer />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup, read back from this page
  return <div id={SWITCH_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: serverMarkup }} />;
}

function LanguageSwitchOnServer() {
  const current = locale();
  const { pathname, search } = useLocation();
  const page = pathname + search;
  const html = useServerMarkup(`language-switch ${current} ${page}`, () => (
    <LanguageSwitchForm current={current} page={page} />
  ));
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of the switch, escaped by React
  return <div id={SWITCH_ID} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The switch itself. Its hidden field names the page it was rendered for, where the `Referer` does not say. */
function LanguageSwitchForm({ current, page }: { current: Locale; page: string }) {
  return (
    <details className="group relative">
      <summary
        className={buttonClass(
          { variant: "ghost", size: "sm" },
          "cursor-pointer list-none gap-1.5 px-2 [&::-webkit-details-marker]:hidden",
        )}
        title={m.languageSwitchTitle()}
      >
        <span className="sr-only">{m.languageSwitch({ name: LOCALE_NAMES[current] })}</span>
        <LanguagesIcon className="size-[18px]!" aria-hidden="true" />
        <span aria-hidden="true" translate="no" className="font-medium text-xs uppercase">
          {current.split("-")[0]}
        </span>
      </summary>
      <form
        method="post"
        action="/language"
        className="absolute end-0 top-full z-50 mt-2 flex min-w-40 flex-col gap-0.5 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        <input type="hidden" name="redirect" value={page} />
        {availableLocales().map((option) => (
          <button
            key={option}
            type="submit"
            name="locale"
            value={option}
            lang={option}
            aria-current={option === current ? "true" : undefined}
            className={cn(
              "flex items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-start text-sm hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent",
              option === current && "font-medium",
            )}
          >
            {LOCALE_NAMES[option]}
            {option === current ? <CheckIcon className="size-4" aria-hidden="true" /> : null}
          </button>
        ))}
      </form>
    </details>
  );
}
