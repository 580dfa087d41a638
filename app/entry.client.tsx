import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { rememberServerHtmlForBots } from "~/shell/bot-fallback";
import { installChunkReload } from "~/shell/chunk-reload";
import { waitForRepaint } from "~/shell/repaint";

/**
 * Hydration starts after the server's HTML is painted (the first frame waits
 * for the stylesheet), or after this long without a frame, whichever is first.
 */
const FIRST_PAINT_MAX_WAIT_MS = 1_000;

rememberServerHtmlForBots();
installChunkReload();

// The server's HTML is complete: paint it first, then make it interactive.
// Hydrating before the first frame would hold that frame back by its whole length.
void waitForRepaint(FIRST_PAINT_MAX_WAIT_MS).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
