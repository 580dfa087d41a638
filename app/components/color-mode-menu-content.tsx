import { DropdownMenu } from "radix-ui";
import type { ReactElement } from "react";
import { type ColorModePreference, colorMode, isColorModePreference, useColorMode } from "~/shell/color-mode";

const options: { value: ColorModePreference; label: string; icon: string }[] = [
  { value: "light", label: "Light", icon: "icon-[lucide--sun]" },
  { value: "dark", label: "Dark", icon: "icon-[lucide--moon]" },
  { value: "system", label: "System", icon: "icon-[lucide--monitor]" },
];

const itemClass =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground";

/** The colour-mode menu itself, loaded on first use (see `color-mode-switch.tsx`). */
export default function ColorModeMenuContent({ trigger }: { trigger: ReactElement }) {
  const { preference } = useColorMode();
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-36 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
        >
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
              <DropdownMenu.RadioItem key={option.value} value={option.value} className={itemClass}>
                <span className={`${option.icon} size-4 text-muted-foreground`} aria-hidden="true" />
                {option.label}
                <DropdownMenu.ItemIndicator className="absolute right-2 flex items-center">
                  <span className="icon-[lucide--check] size-4" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
