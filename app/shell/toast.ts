import { type ComponentType, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

type ToasterModule = typeof import("~/components/toaster");

let loading: Promise<ToasterModule | undefined> | null = null;
let MountedToaster: ComponentType | null = null;
const listeners = new Set<() => void>();

/**
 * Loads sonner and mounts the toaster on first use. The result may be
 * `undefined`: when the chunk fails after a deployment, the chunk-reload
 * handler (`chunk-reload.ts`) takes Vite's error and the import resolves empty.
 */
function loadToaster(): Promise<ToasterModule | undefined> {
  loading ??= (import("~/components/toaster") as Promise<ToasterModule | undefined>).then((module) => {
    if (module) {
      MountedToaster = module.AppToaster;
      for (const listener of listeners) listener();
    }
    return module;
  });
  return loading;
}

/**
 * Shows a toast (sonner), loading the toaster first if need be. Never throws:
 * a toast that cannot be shown is not worth an error.
 */
export async function showToast(message: string, options?: ExternalToast): Promise<void> {
  try {
    (await loadToaster())?.toast(message, options);
  } catch (error) {
    loading = null;
    console.debug("Could not show a toast:", error);
  }
}

/** The toaster to render once a toast was asked for (`null` before, and on the server). */
export function useMountedToaster(): ComponentType | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => MountedToaster,
    () => null,
  );
}
