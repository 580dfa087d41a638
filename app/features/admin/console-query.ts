/**
 * What the console's pages read from their address (`?q=`, `?status=`,
 * `?page=`; the trail's `?admin=` and `?account=`), forgiving: a value the
 * page does not know is ignored, never an error. Shared by the loaders and
 * by the links the pages draw, so a link always says what the loader reads.
 */

import * as m from "./messages";

/** The list's filters: suspended accounts, or administrators; each named by a message, said when shown. */
export const ACCOUNT_FILTERS = { suspended: m.filterSuspended, admins: m.filterAdministrators } as const;
export type AccountFilter = keyof typeof ACCOUNT_FILTERS;

/** A search is a few words: longer text is cut, not refused. */
export const SEARCH_MAX_LENGTH = 200;

/** Far past any real page: a larger number is page 1, not a scan of the whole table. */
const LAST_PAGE = 10_000;

export type AccountQuery = { q: string; status: AccountFilter | null; page: number };
export type AuditQuery = { adminId: string | null; targetId: string | null; page: number };

/** `?page=`: a whole number from 1; anything else is the first page. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= LAST_PAGE ? page : 1;
}

const idOf = (params: URLSearchParams, name: string) => params.get(name)?.trim().slice(0, 100) || null;

export function readAccountQuery(params: URLSearchParams): AccountQuery {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    status: status && Object.hasOwn(ACCOUNT_FILTERS, status) ? (status as AccountFilter) : null,
    page: pageOf(params),
  };
}

export function readAuditQuery(params: URLSearchParams): AuditQuery {
  return { adminId: idOf(params, "admin"), targetId: idOf(params, "account"), page: pageOf(params) };
}

/** The query string of a page of a list: the values set, in order, without the first page's `page=1`. */
export function listSearch(values: Record<string, string | number | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== "" && !(name === "page" && value === 1)) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
