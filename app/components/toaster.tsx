import { type CSSProperties, useSyncExternalStore } from "react";
import { Toaster } from "sonner";
import { directionOf, locale } from "~/i18n/runtime";
import * as m from "./messages";

export { toast } from "sonner";

/** The app's tokens for sonner's own variables, so toasts look like the app's cards. */
const themeVariables = {
  "--normal-bg": "var(--card)",
  "--normal-text": "var(--card-foreground)",
  "--normal-border": "var(--border)",
  "--border-radius": "var(--radius)",
} as CSSProperties;

function subscribeToColorMode(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** The colour mode is the `dark` class on <html>, whoever sets it. */
function currentColorMode(): "light" | "dark" {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/**
 * sonner's toaster in the app's colours, following light/dark as it changes.
 * Loaded on the first toast only (`app/shell/toast.ts`): no page pays for it
 * up front.
 */
export function AppToaster() {
  const theme = useSyncExternalStore(subscribeToColorMode, currentColorMode, () => "light" as const);
  // In the page's writing direction: in the end corner, text from its start.
  const dir = directionOf(locale());
  return (
    <Toaster
      theme={theme}
      dir={dir}
      position={dir === "rtl" ? "bottom-left" : "bottom-right"}
      style={themeVariables}
      containerAriaLabel={m.notifications()}
      toastOptions={{ classNames: { actionButton: "!bg-primary !text-primary-foreground" } }}
    />
  );
}
