/**
 * The request with the public URL the visitor used (`APP_URL`) instead of
 * the one Node sees. Behind a TLS-terminating proxy (nginx, a load
 * balancer) Node builds `http://{Host}/…`, while the browser was on
 * `https://app.example.com`; React Router refuses a form post whose
 * `Origin` is not the request URL's origin (its CSRF guard), so every
 * sign-in form would fail with a 400. `APP_URL` is the one origin the app
 * serves, and the origin check in front has already refused state-changing
 * requests from any other, so nothing a client sends chooses this URL.
 */
let publicOrigin: { appUrl: string; prefix: string } | undefined;

export function withPublicOrigin(request: Request, appUrl: string): Request {
  if (publicOrigin?.appUrl !== appUrl) publicOrigin = { appUrl, prefix: `${new URL(appUrl).origin}/` };
  // A URL's text starts with its origin and a slash: already public, nothing to parse (every page asks).
  if (request.url.startsWith(publicOrigin.prefix)) return request;
  const seen = new URL(request.url);
  const intended = new URL(`${seen.pathname}${seen.search}`, appUrl);
  if (intended.href === seen.href) return request;
  return new Request(intended, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // A streamed body (a form post) passes through unread.
    duplex: "half",
  } as RequestInit);
}
