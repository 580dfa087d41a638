import * as m from "~/components/messages";
import { isNewBuild } from "~/lib/build-id";
import { BUILD_CHECK_MIN_GAP_MS, BUILD_INFO_PATH } from "~/lib/constants";
import { requestDocumentNavigation } from "./document-navigation";
import { showToast } from "./toast";

const UPDATE_TOAST_ID = "new-version";

type BuildCheckOptions = {
  /** The build this page runs. */
  ownId: string;
  /** Fetches `latest.json`'s parsed body; throws on failure. */
  fetchLatest: () => Promise<unknown>;
  /** Called once, with the new id, when the server has another build. */
  onNewBuild: (id: string) => void;
  now?: () => number;
};

/**
 * One "is there a new build?" check, throttled: calls closer together than
 * `BUILD_CHECK_MIN_GAP_MS` (a tab flicking between visible and hidden) are
 * dropped. Failures are silent: offline or mid-deploy, the next check will do.
 */
export function createBuildCheck({ ownId, fetchLatest, onNewBuild, now = Date.now }: BuildCheckOptions) {
  let lastCheck = Number.NEGATIVE_INFINITY;
  let found = false;
  return async function check(): Promise<void> {
    if (found || now() - lastCheck < BUILD_CHECK_MIN_GAP_MS) return;
    lastCheck = now();
    try {
      const latest = await fetchLatest();
      if (found || !isNewBuild(latest, ownId)) return;
      found = true;
      onNewBuild((latest as { id: string }).id);
    } catch (error) {
      console.debug("Could not check for a new build:", error);
    }
  };
}

async function fetchLatestBuild(): Promise<unknown> {
  // The query defeats every cache on the way; the server ignores it.
  const response = await fetch(`${BUILD_INFO_PATH}/latest.json?t=${Date.now()}`, {
    headers: { Accept: "application/json" },
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`latest.json answered ${response.status}`);
  return response.json();
}

/**
 * A new build is out: links now load whole pages (so the next page is the
 * new build), and a toast offers to reload now. Never a reload on its own:
 * the visitor may be in the middle of a form.
 */
function announceNewBuild(): void {
  requestDocumentNavigation();
  void showToast(m.newVersionAvailable(), {
    id: UPDATE_TOAST_ID,
    duration: Number.POSITIVE_INFINITY,
    action: { label: m.newVersionReload(), onClick: () => window.location.reload() },
  });
}

/**
 * The check the app runs: asks `latest.json` and, the first time it names a
 * build other than `ownId`, calls `onNewBuild` and announces the new build.
 */
export function createAppBuildCheck(ownId: string, onNewBuild: () => void): () => Promise<void> {
  return createBuildCheck({
    ownId,
    fetchLatest: fetchLatestBuild,
    onNewBuild: () => {
      onNewBuild();
      announceNewBuild();
    },
  });
}
