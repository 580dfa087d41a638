import { type ComponentType, lazy, type ReactElement, Suspense, useState } from "react";

type MenuProps<P> = P & { trigger: ReactElement };

/**
 * A menu whose code loads only when someone reaches for it. Until then its
 * trigger is a plain button (same look, same name); pointing at it or
 * focusing it starts the download, and a click opens the real menu as soon
 * as it arrives. Keeps the menu library off every page's first load.
 */
export function menuOnDemand<P extends object>(
  load: () => Promise<{ default: ComponentType<MenuProps<P>> }>,
) {
  const Menu = lazy(load);
  const prefetch = () => void load();
  return function MenuTrigger({
    renderTrigger,
    ...props
  }: P & { renderTrigger: (handlers: TriggerHandlers) => ReactElement }) {
    const [wanted, setWanted] = useState(false);
    const trigger = renderTrigger({
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: () => setWanted(true),
    });
    if (!wanted) return trigger;
    return (
      <Suspense fallback={trigger}>
        <Menu {...(props as P)} trigger={trigger} />
      </Suspense>
    );
  };
}

export type TriggerHandlers = { onPointerEnter: () => void; onFocus: () => void; onClick: () => void };
