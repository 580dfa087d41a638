import type { ReactNode } from "react";
import { useRequestInfo } from "~/components/request-info";
import { DocumentTitle } from "./document-title";
import { SiteHeader } from "./site-header";

type ErrorScreenProps = {
  eyebrow: string;
  title: string;
  message: string;
  documentTitle: string;
  actions: ReactNode;
  details?: string;
};

/** The layout of every error screen: the header, what went wrong, the ways out, the request id. */
export function ErrorScreen({ eyebrow, title, message, documentTitle, actions, details }: ErrorScreenProps) {
  const { requestId } = useRequestInfo();
  return (
    <div data-error-page className="flex min-h-dvh flex-col">
      <DocumentTitle pageTitle={documentTitle} />
      <SiteHeader />
      <main className="flex flex-1 items-center justify-center px-6 py-16">
        <div className="w-full max-w-lg text-center">
          <p className="font-semibold text-primary text-sm tracking-wide">{eyebrow}</p>
          <h1 className="mt-3 font-bold text-4xl tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 break-words text-muted-foreground" data-testid="error-message">
            {message}
          </p>
          <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>
          {requestId ? (
            <p className="mt-8 text-muted-foreground text-xs">
              Request ID: <code className="select-all font-mono">{requestId}</code>
            </p>
          ) : null}
          {details ? (
            <pre className="mt-8 overflow-auto rounded-md bg-muted p-4 text-left text-xs">{details}</pre>
          ) : null}
        </div>
      </main>
    </div>
  );
}

export const homeIcon = <span className="icon-[lucide--house]" aria-hidden="true" />;
export const reloadIcon = <span className="icon-[lucide--rotate-cw]" aria-hidden="true" />;
