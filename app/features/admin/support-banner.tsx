/**
 * The banner of a support sign-in, above every page's header: whose
 * account this browser is in, that it ends within the hour, and Stop. Stop
 * is a plain form post (it works without JavaScript, and with it the whole
 * page loads again as the administrator). A labelled region, its sentence
 * a status that screen readers read out.
 */
import { Button } from "~/components/ui/button";
import { rich } from "~/i18n/rich";
import type { SessionUser } from "~/lib/session";
import LifeBuoyIcon from "~icons/lucide/life-buoy";
import { SUPPORT_STOP_PATH } from "./constants";
import * as m from "./messages";

const SENTENCE_ID = "support-sign-in-status";

export function SupportBanner({ user }: { user: Pick<SessionUser, "name" | "email"> }) {
  return (
    <section
      aria-label={m.supportSignIn()}
      className="border-amber-500/40 border-b bg-amber-50 text-amber-950 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2.5 sm:px-6">
        <LifeBuoyIcon aria-hidden className="hidden size-5 shrink-0 sm:block" />
        <p id={SENTENCE_ID} role="status" className="min-w-0 flex-1 break-words text-sm">
          {rich(m.supportBanner(), {
            // The person's own name and address, never translated.
            name: () => <strong translate="no">{user.name}</strong>,
            email: () => (
              <span className="opacity-80" translate="no">
                ({user.email})
              </span>
            ),
          })}
        </p>
        <form method="post" action={SUPPORT_STOP_PATH} className="shrink-0">
          <Button type="submit" size="sm" variant="outline" aria-describedby={SENTENCE_ID}>
            {m.stop()}
          </Button>
        </form>
      </div>
    </section>
  );
}
