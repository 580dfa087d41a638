/** What the edge middleware keeps per request, for the handlers after it. */
export type EdgeEnv = {
  Variables: {
    /** Fresh per response: the inline scripts this response may run carry it. */
    nonce: string;
    /** Names the request in the log and on error pages. */
    requestId: string;
    /** CSP hashes of the inline scripts of a prebuilt page (which cannot carry a fresh nonce). */
    scriptHashes?: string[];
  };
};
