import type { ReactNode } from "react";
import { useRequestInfo } from "~/components/request-info";
import { rich } from "~/i18n/rich";
import HouseIcon from "~icons/lucide/house";
import RotateCwIcon from "~icons/lucide/rotate-cw";
import { DocumentTitle } from "./document-title";
import * as m from "./messages";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

type ErrorScreenProps = {
  eyebrow: string;
  title: string;
  message: string;
  documentTitle: string;
  actions: ReactNode;
  details?: string;
  /** A sentence under the message that says what to do about it. */
  hint?: string;
  /** Shows the request id, for support: only where something broke on our side. */
  showRequestId?: boolean;
};

/** The layout of every error screen: the header, what went wrong, the ways out, the request id, the footer. */
export function ErrorScreen({
  eyebrow,
  title,
  message,
  documentTitle,
  actions,
  details,
  hint,
  showRequestId = true,
}: ErrorScreenProps) {
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
          {hint ? <p className="mt-2 text-muted-foreground">{hint}</p> : null}
          <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>
          {requestId && showRequestId ? (
            <p className="mt-8 text-muted-foreground text-xs">
              {rich(m.requestId({ id: requestId }), {
                code: () => (
                  <code className="select-all font-mono" translate="no">
                    {requestId}
                  </code>
                ),
              })}
            </p>
          ) : null}
          {details ? (
            <pre className="mt-8 overflow-auto rounded-md bg-muted p-4 text-start text-xs">{details}</pre>
          ) : null}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

export const homeIcon = <HouseIcon />;
export const reloadIcon = <RotateCwIcon />;
