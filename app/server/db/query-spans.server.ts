import {
  AliasNode,
  type CompiledQuery,
  type DatabaseConnection,
  type OperationNode,
  TableNode,
} from "kysely";
import type { Tracing } from "../tracing/tracing.server";

/** Which database a span's query went to, in OpenTelemetry's names (`db.system.name`). */
export type DatabaseSystem = "sqlite" | "postgresql";

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: "SELECT",
  InsertQueryNode: "INSERT",
  UpdateQueryNode: "UPDATE",
  DeleteQueryNode: "DELETE",
  MergeQueryNode: "MERGE",
};

/** A table's name when `node` is one (or an alias of one); `undefined` for a subquery, a join or anything else. */
function tableOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableOf(node.node);
  return undefined;
}

/** The table a query built with Kysely works on: the first of `from`, `into` or the updated table. */
function collectionOf(root: OperationNode): string | undefined {
  const { from, into, table } = root as {
    from?: { froms?: OperationNode[] };
    into?: OperationNode;
    table?: OperationNode;
  };
  return tableOf(into) ?? tableOf(table) ?? tableOf(from?.froms?.[0]);
}

/**
 * A query's span name and attributes, as OpenTelemetry's database
 * conventions have them: `SELECT session`, the operation and the table for
 * a query built with Kysely, the first keyword (`BEGIN`, `PRAGMA`) for raw
 * SQL. The statement's text goes along with its placeholders: Kysely sends
 * every value as a parameter, and parameters are never recorded.
 */
export function describeQuery(query: CompiledQuery, system: DatabaseSystem) {
  const built = OPERATIONS[query.query.kind];
  const operation = built ?? /^\s*([A-Za-z]+)/.exec(query.sql)?.[1]?.toUpperCase() ?? "QUERY";
  const collection = built ? collectionOf(query.query) : undefined;
  return {
    name: collection ? `${operation} ${collection}` : operation,
    attributes: {
      "db.system.name": system,
      "db.operation.name": operation,
      ...(collection ? { "db.collection.name": collection } : {}),
      "db.query.text": query.sql,
    },
  };
}

/**
 * Gives each query run on `connection` a span, a child of whatever the
 * query serves (a request, a mail being sent): named by operation and
 * table, timed from the call to the answer (a wait for SQLite's lock, or
 * for PostgreSQL, included), failed with the error's code. Installed on
 * each new connection (Kysely's `onCreateConnection`) only while tracing
 * is on; a failed query shows here, which a Kysely plugin, seeing only
 * results, could not show.
 */
export function traceQueries(connection: DatabaseConnection, system: DatabaseSystem, tracing: Tracing) {
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = <R>(query: CompiledQuery) => {
    // Outside a kept trace (start-up, the worker's polls, a trace not sampled): no span, nothing to describe.
    if (!tracing.recording()) return execute<R>(query);
    const { name, attributes } = describeQuery(query, system);
    return tracing.inSpan(name, { kind: "client", attributes }, () => execute<R>(query));
  };
}
