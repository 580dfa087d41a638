/** What the edge middleware keeps per request, for the handlers after it. */
export type EdgeEnv = {
  Variables: {
    /** Fresh per response: the inline scripts this response may run carry it. */
    nonce: string;
    /** Names the request in the log and on error pages. */
    requestId: string;
    /** CSP hashes of the inline scripts of a prebuilt page (which cannot carry a fresh nonce). */
    scriptHashes?: string[];
    /** The request's trace, when traces are on and this one is kept: for its log line. */
    traceId?: string;
    /** The request's language, as its cookie and `Accept-Language` chose it (server/request-locale.ts). */
    localeScope: import("~/i18n/locale.server").LocaleScope;
    /** The route pattern that answered, where Hono's router cannot say it (a page served like a file). */
    route?: string;
  };
};
