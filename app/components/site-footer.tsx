import { DEFAULT_APP_NAME } from "~/lib/constants";
import * as m from "./messages";
import { useAppName } from "./use-session";

/** The footer on every page: the product's name and what it stands for. */
export function SiteFooter() {
  const appName = useAppName() ?? DEFAULT_APP_NAME;
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-muted-foreground text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} <span translate="no">{appName}</span>
        </p>
        <p>{m.keptSafeByDefault()}</p>
      </div>
    </footer>
  );
}
