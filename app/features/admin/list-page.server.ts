import { ADMIN_PAGE_SIZE } from "./constants";

/** A query that can be cut to a window of rows (Kysely's `SelectQueryBuilder`). */
type Windowed<Row> = { limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } } };

/**
 * Page `page` of an ordered query, `ADMIN_PAGE_SIZE` rows, and whether
 * another page follows: it asks for one row more than a page holds, so
 * no count of the whole table is needed.
 */
export async function onePage<Row>(
  query: Windowed<Row>,
  page: number,
): Promise<{ rows: Row[]; hasMore: boolean }> {
  const rows = await query
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE), hasMore: rows.length > ADMIN_PAGE_SIZE };
}
