import { DEFAULT_APP_NAME } from "~/lib/constants";
import { useAppName } from "./use-session";

export function SiteFooter() {
  const appName = useAppName() ?? DEFAULT_APP_NAME;
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-muted-foreground text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {appName}
        </p>
        <p>Built with React Router, Hono and better-auth.</p>
      </div>
    </footer>
  );
}
