import { Button } from "~/components/ui/button";
import { type ColorModePreference, useColorMode } from "~/shell/color-mode";
import MoonIcon from "~icons/lucide/moon";
import SunIcon from "~icons/lucide/sun";
import { menuOnDemand } from "./menu-on-demand";

const ColorModeMenu = menuOnDemand<object>(() => import("./color-mode-menu-content"));

const labels: Record<ColorModePreference, string> = { light: "Light", dark: "Dark", system: "System" };

/** The header's colour-mode menu: Light, Dark or System, by mouse or keyboard. */
export function ColorModeSwitch() {
  const { preference, resolved } = useColorMode();
  return (
    <ColorModeMenu
      renderTrigger={(handlers) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Colour mode: ${labels[preference]}`}
          title="Colour mode"
          {...handlers}
        >
          {resolved === "dark" ? <MoonIcon className="size-[18px]!" /> : <SunIcon className="size-[18px]!" />}
        </Button>
      )}
    />
  );
}
