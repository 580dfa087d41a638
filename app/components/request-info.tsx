import { createContext, type ReactNode, useContext } from "react";

type RequestInfo = { nonce?: string; requestId?: string };

const RequestInfoContext = createContext<RequestInfo>({});

/** Set by `entry.server.tsx` around the server render. */
export function RequestInfoProvider({ value, children }: { value: RequestInfo; children: ReactNode }) {
  return <RequestInfoContext.Provider value={value}>{children}</RequestInfoContext.Provider>;
}

let browserRequestId: string | undefined;

/**
 * The CSP nonce for inline scripts (server render only: browsers hide nonces
 * from the page) and the id of the request that rendered the page, which the
 * browser reads back from `<meta name="request-id">` for its error screens.
 */
export function useRequestInfo(): RequestInfo {
  const info = useContext(RequestInfoContext);
  if (typeof document === "undefined") return info;
  browserRequestId ??=
    document.querySelector<HTMLMetaElement>('meta[name="request-id"]')?.content || undefined;
  return { requestId: browserRequestId };
}
