import { DropdownMenu } from "radix-ui";
import type { ReactElement } from "react";
import { DropdownShell, menuItemClass } from "~/components/ui/dropdown-shell";
import { type ColorModePreference, colorMode, isColorModePreference, useColorMode } from "~/shell/color-mode";

const options: { value: ColorModePreference; label: string; icon: string }[] = [
  { value: "light", label: "Light", icon: "icon-[lucide--sun]" },
  { value: "dark", label: "Dark", icon: "icon-[lucide--moon]" },
  { value: "system", label: "System", icon: "icon-[lucide--monitor]" },
];

/** The colour-mode menu itself, loaded on first use (see `color-mode-switch.tsx`). */
export default function ColorModeMenuContent({ trigger }: { trigger: ReactElement }) {
  const { preference } = useColorMode();
  return (
    <DropdownShell trigger={trigger} className="min-w-36">
      <DropdownMenu.Label className="px-2 py-1.5 font-medium text-muted-foreground text-xs">
        Colour mode
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={preference}
        onValueChange={(value) => {
          if (isColorModePreference(value)) colorMode.setPreference(value);
        }}
      >
        {options.map((option) => (
          <DropdownMenu.RadioItem key={option.value} value={option.value} className={`${menuItemClass} pr-8`}>
            <span className={`${option.icon} size-4 text-muted-foreground`} aria-hidden="true" />
            {option.label}
            <DropdownMenu.ItemIndicator className="absolute right-2 flex items-center">
              <span className="icon-[lucide--check] size-4" aria-hidden="true" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownShell>
  );
}
