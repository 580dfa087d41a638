import type { RootOperationNode } from "kysely";

// Which operation a query is, for the metrics' `db_query_duration_seconds` label: from code, never from a value.

/** Query nodes by operation; raw SQL is named by its first keyword when it is one of these. */
const OPERATIONS: Partial<Record<RootOperationNode["kind"], string>> = {
  SelectQueryNode: "select",
  InsertQueryNode: "insert",
  UpdateQueryNode: "update",
  DeleteQueryNode: "delete",
  MergeQueryNode: "merge",
};
const RAW_OPERATIONS = new Set([
  "select",
  "insert",
  "update",
  "delete",
  "with",
  "begin",
  "commit",
  "rollback",
]);

/** A query's operation, from its node (not its text): `select`…, `begin`/`commit`/`rollback`, else `other`. */
export function operationOf(query: { kind: RootOperationNode["kind"] }, sql: string): string {
  const operation = OPERATIONS[query.kind];
  if (operation) return operation;
  if (query.kind !== "RawNode") return "other";
  const keyword = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? "";
  return RAW_OPERATIONS.has(keyword) ? keyword : "other";
}
