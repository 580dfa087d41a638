/** The new recovery codes, shown once: a list, with Download (a `data:` link) and Copy. */
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { useAppName } from "~/components/use-session";
import { DEFAULT_APP_NAME } from "~/lib/constants";
import { showToast } from "~/shell/toast";
import CopyIcon from "~icons/lucide/copy";
import DownloadIcon from "~icons/lucide/download";

/** The file "Download" saves: the codes, one per line, and what they are for. */
function codesFile(codes: readonly string[], appName: string): string {
  return [
    `${appName} recovery codes`,
    "",
    "Each code signs you in once, instead of a code from your authenticator app.",
    "Keep them somewhere safe, apart from your phone.",
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
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border bg-muted/50 p-4 font-mono text-sm sm:text-base"
      >
        {codes.map((code) => (
          <li key={code} className="select-all tabular-nums">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
            download={`${appName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-recovery-codes.txt`}
          >
            <DownloadIcon />
            Download
          </a>
        </Button>
        {hydrated ? (
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              navigator.clipboard.writeText(codes.join("\n")).then(
                () => showToast("Recovery codes copied."),
                () => showToast("Copying did not work here: download them instead."),
              )
            }
          >
            <CopyIcon />
            Copy
          </Button>
        ) : null}
      </div>
    </div>
  );
}
