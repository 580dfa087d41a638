import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { rememberServerHtmlForBots } from "~/shell/bot-fallback";
import { installChunkReload } from "~/shell/chunk-reload";

rememberServerHtmlForBots();
installChunkReload();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
