import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { startAfterHydration } from "~/shell/after-hydration";
import type { ColorModePreference, ColorModeState } from "~/shell/color-mode";
import MoonIcon from "~icons/lucide/moon";
import SunIcon from "~icons/lucide/sun";
import { menuOnDemand } from "./menu-on-demand";
import * as m from "./messages";

const ColorModeMenu = menuOnDemand<object>(() => import("./color-mode-menu-content"));

/** Each preference's name, called when the button renders: in the page's language. */
const labels: Record<ColorModePreference, () => string> = {
  light: m.colorModeLight,
  dark: m.colorModeDark,
  system: m.colorModeSystem,
};

/** What the server rendered (color-mode.ts's server state): the head script may have chosen otherwise. */
const SERVER_MODE: Pick<ColorModeState, "preference" | "resolved"> = {
  preference: "system",
  resolved: "light",
};

/** The colour mode, from the store once it has loaded (idle time after hydration), the server's until then. */
function useLoadedColorMode() {
  const [mode, setMode] = useState(SERVER_MODE);
  useEffect(
    () =>
      startAfterHydration(
        () => import("~/shell/color-mode"),
        ({ colorMode }) => {
          const update = () => setMode(colorMode.get());
          const stop = colorMode.subscribe(update);
          update();
          return () => void stop();
        },
      ),
    [],
  );
  return mode;
}

/** The header's colour-mode menu: Light, Dark or System, by mouse or keyboard. */
export function ColorModeSwitch() {
  const { preference, resolved } = useLoadedColorMode();
  return (
    <ColorModeMenu
      renderTrigger={(handlers) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={m.colorModeCurrent({ mode: labels[preference]() })}
          title={m.colorMode()}
          {...handlers}
        >
          {resolved === "dark" ? <MoonIcon className="size-[18px]!" /> : <SunIcon className="size-[18px]!" />}
        </Button>
      )}
    />
  );
}
