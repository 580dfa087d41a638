import type { HeadersArgs } from "react-router";

/**
 * `headers` for a page whose loader or action sets headers of its own
 * (`Retry-After` on a `429`): React Router sends a document only the
 * headers its route's `headers` returns.
 */
export function dataHeaders({ actionHeaders, loaderHeaders }: HeadersArgs): Headers {
  const answer = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) answer.set(name, value);
  return answer;
}
