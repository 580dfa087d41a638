import { type ComponentType, type HTMLAttributes, Suspense, useEffect, useRef, useState } from "react";
import { afterHydration, isHydrated } from "~/shell/after-hydration";
import { isEditingForm } from "~/shell/form-activity";
import { clientLazy } from "./client-lazy";

/** An empty inner HTML that React leaves alone while hydrating: the server's markup stays. */
const SERVER_MARKUP = { __html: "" };

type IslandProps<P> = P & {
  /** The element around the part, with its attributes: the server renders it as it always did. */
  as?: "div" | "section";
  element?: HTMLAttributes<HTMLElement>;
};

/**
 * A part of a page the first screen does not need live (a picture, a
 * static section), whose code comes after
 * the first load. The server renders it in full, as before. In the browser,
 * the element the page hydrated keeps the server's markup untouched (its
 * links and plain forms work, as without JavaScript), and its code is
 * fetched in idle time once the page is hydrated; then React renders it
 * there, unless the visitor is typing in it or has filled in one of its
 * forms: then when the focus leaves it, so no typing is lost. Rendered later
 * (a client navigation), it loads at once.
 *
 * No `<Suspense>` around it on the server: React may move a large boundary's
 * HTML to the end of the document, shown by a script (nothing without JavaScript).
 */
export function lazyIsland<P extends object>(
  load: () => Promise<ComponentType<P> | undefined>,
): ComponentType<IslandProps<P>> {
  const Lazy = clientLazy(load);
  return function Island({ as: Tag = "div", element, ...props }: IslandProps<P>) {
    const [hydrating] = useState(() => !import.meta.env.SSR && !isHydrated());
    const [Live, setLive] = useState<ComponentType<P> | null>(null);
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (!hydrating) return;
      let active = true;
      let retry = () => {};
      afterHydration()
        .then(load)
        .then(
          (component) => {
            const root = ref.current;
            if (!component || !root) return;
            retry = () => {
              if (!active) return;
              if (isEditingForm(root))
                root.addEventListener("focusout", () => setTimeout(retry), { once: true });
              else setLive(() => component);
            };
            retry();
          },
          () => {},
        );
      return () => {
        active = false;
      };
    }, [hydrating]);
    if (import.meta.env.SSR) {
      return (
        <Tag {...element}>
          <Lazy {...(props as P)} />
        </Tag>
      );
    }
    if (Live) {
      return (
        <Tag {...element} ref={ref}>
          <Live {...(props as P)} />
        </Tag>
      );
    }
    if (hydrating) {
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant: React keeps the server's markup
      return <Tag {...element} ref={ref} dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning />;
    }
    return (
      <Tag {...element}>
        <Suspense>
          <Lazy {...(props as P)} />
        </Suspense>
      </Tag>
    );
  };
}
