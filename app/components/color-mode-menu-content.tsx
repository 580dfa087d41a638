import { DropdownMenu } from "radix-ui";
import type { ReactElement } from "react";
import type { IconComponent } from "~/components/icon-component";
import { DropdownShell, menuItemClass } from "~/components/ui/dropdown-shell";
import { type ColorModePreference, colorMode, isColorModePreference, useColorMode } from "~/shell/color-mode";
import CheckIcon from "~icons/lucide/check";
import MonitorIcon from "~icons/lucide/monitor";
import MoonIcon from "~icons/lucide/moon";
import SunIcon from "~icons/lucide/sun";
import * as m from "./messages";

/** Each option's name is a message, called when the menu renders: in the page's language. */
const options: { value: ColorModePreference; label: () => string; icon: IconComponent }[] = [
  { value: "light", label: m.colorModeLight, icon: SunIcon },
  { value: "dark", label: m.colorModeDark, icon: MoonIcon },
  { value: "system", label: m.colorModeSystem, icon: MonitorIcon },
];

/** The colour-mode menu itself, loaded on first use (see `color-mode-switch.tsx`). */
export default function ColorModeMenuContent({ trigger }: { trigger: ReactElement }) {
  const { preference } = useColorMode();
  return (
    <DropdownShell trigger={trigger} className="min-w-36">
      <DropdownMenu.Label className="px-2 py-1.5 font-medium text-muted-foreground text-xs">
        {m.colorMode()}
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={preference}
        onValueChange={(value) => {
          if (isColorModePreference(value)) colorMode.setPreference(value);
        }}
      >
        {options.map((option) => (
          <DropdownMenu.RadioItem key={option.value} value={option.value} className={`${menuItemClass} pe-8`}>
            <option.icon className="size-4 text-muted-foreground" />
            {option.label()}
            <DropdownMenu.ItemIndicator className="absolute end-2 flex items-center">
              <CheckIcon className="size-4" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownShell>
  );
}
