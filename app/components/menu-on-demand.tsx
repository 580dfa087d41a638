import { type ComponentType, type KeyboardEvent, lazy, type ReactElement, Suspense, useState } from "react";

type MenuProps<P> = P & { trigger: ReactElement };

/** What the trigger opens: its `aria-haspopup`, and whether ArrowDown opens it too. */
type Popup = "menu" | "dialog";

/**
 * A menu (or dialog) whose code loads only when someone reaches for it.
 * Until then its trigger is a plain button with the same look, name and
 * ARIA state as the real one (`aria-haspopup`, `aria-expanded="false"`).
 * Pointing at it or focusing it starts the download; a click, or for a
 * menu ArrowDown/ArrowUp, opens the real one as soon as it arrives. Keeps
 * the menu library off every page's first load.
 */
export function menuOnDemand<P extends object>(
  load: () => Promise<{ default: ComponentType<MenuProps<P>> }>,
  popup: Popup = "menu",
) {
  const Menu = lazy(load);
  const prefetch = () => void load();
  return function MenuTrigger({
    renderTrigger,
    ...props
  }: P & { renderTrigger: (handlers: TriggerHandlers) => ReactElement }) {
    const [wanted, setWanted] = useState(false);
    const loading = { onPointerEnter: prefetch, onFocus: prefetch, onClick: () => setWanted(true) };
    const placeholder = renderTrigger({
      ...loading,
      onKeyDown: (event: KeyboardEvent) => {
        if (popup !== "menu" || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
        event.preventDefault();
        setWanted(true);
      },
      "aria-haspopup": popup,
      "aria-expanded": false,
    });
    if (!wanted) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        {/* The library's own trigger props (state, keys) win once it is here. */}
        <Menu {...(props as P)} trigger={renderTrigger(loading)} />
      </Suspense>
    );
  };
}

export type TriggerHandlers = {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  "aria-haspopup"?: Popup;
  "aria-expanded"?: boolean;
};
