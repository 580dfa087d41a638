/** The new recovery codes, shown once: a list, with Download (a `data:` link) and Copy. */
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { useAppName } from "~/components/use-session";
import { DEFAULT_APP_NAME } from "~/lib/constants";
import { showToast } from "~/shell/toast";
import CopyIcon from "~icons/lucide/copy";
import DownloadIcon from "~icons/lucide/download";
import * as m from "./messages";

/** The file "Download" saves: the codes, one per line, and what they are for. */
function codesFile(codes: readonly string[], appName: string): string {
  return [
    m.recoveryCodesFileTitle({ appName }),
    "",
    m.recoveryCodesFileUse(),
    m.recoveryCodesFileKeep(),
    "",
    ...codes,
    "",
  ].join("\n");
}

/**
 * The new recovery codes, shown once: as a list to read, a text file to
 * download (a `data:` link, so it works without JavaScript), and, with
 * JavaScript, a button that copies them.
 */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const hydrated = useHydrated();
  const appName = useAppName() ?? DEFAULT_APP_NAME;
  const file = codesFile(codes, appName);
  return (
    <div className="grid gap-4">
      <ol
        aria-label={m.recoveryCodes()}
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border bg-muted/50 p-4 font-mono text-sm sm:text-base"
      >
        {codes.map((code) => (
          <li key={code} className="select-all tabular-nums" translate="no">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
            download={m.recoveryCodesFileName({ app: appName.toLowerCase().replace(/[^a-z0-9]+/g, "-") })}
          >
            <DownloadIcon />
            {m.download()}
          </a>
        </Button>
        {hydrated ? (
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              navigator.clipboard.writeText(codes.join("\n")).then(
                () => showToast(m.recoveryCodesCopied()),
                () => showToast(m.copyFailed()),
              )
            }
          >
            <CopyIcon />
            {m.copy()}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
