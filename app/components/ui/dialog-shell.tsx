import { Dialog } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import * as m from "~/components/messages";
import XIcon from "~icons/lucide/x";

/**
 * A modal dialog that is open when it mounts (dialogs mount on their first
 * click, like the menus: see `menu-on-demand.tsx`): focus moves in and stays
 * there, Escape or the close button closes it, and focus goes back to the
 * trigger, which opens it again from then on.
 */
export function DialogShell({
  trigger,
  title,
  description,
  children,
}: {
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root defaultOpen>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content className="-translate-x-1/2 -translate-y-1/2 fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-lg outline-none">
          <div className="grid gap-1.5 pe-8">
            <Dialog.Title className="font-semibold text-lg leading-tight">{title}</Dialog.Title>
            <Dialog.Description className="text-muted-foreground text-sm">{description}</Dialog.Description>
          </div>
          {children}
          <Dialog.Close
            className="absolute end-4 top-4 flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
            aria-label={m.close()}
          >
            <XIcon className="size-4" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button that closes the dialog it sits in (Cancel). */
export const DialogClose = Dialog.Close;
