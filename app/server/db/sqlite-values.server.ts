import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from "node:sqlite";
import { convertedColumns } from "../../../db/schema.generated";

/**
 * SQLite has no boolean or date type: the migrations' flags hold 0/1 and
 * their points in time ISO text (db/migrations/types.ts), and node:sqlite
 * binds neither a `boolean` nor a `Date`. Here, once for every query (the
 * app's, better-auth's, raw `sql`), a `Date` parameter is written as ISO
 * text and a `boolean` as 0/1, and a result column that comes from one of
 * `convertedColumns` (db/schema.generated.ts) is read as a `Date` or a
 * `boolean`, as PostgreSQL's driver reads it. A column is known by the
 * table and column it comes from, whatever its alias; a computed value
 * (`max(...)`) stays as SQLite gives it.
 */
export function convertValues(sqlite: DatabaseSync): DatabaseSync {
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = (sql: string) => {
    const statement = prepare(sql);
    const conversions = statement.columns().flatMap(({ name, table, column }) => {
      const type = table && column ? convertedColumns[table]?.[column] : undefined;
      return type ? [{ name, read: type === "Date" ? readDate : readFlag }] : [];
    });
    const all = statement.all.bind(statement);
    const run = statement.run.bind(statement);
    statement.run = ((...parameters: unknown[]) => run(...parameters.map(toSqlite))) as StatementSync["run"];
    statement.all = ((...parameters: unknown[]) => {
      const rows = all(...parameters.map(toSqlite));
      if (conversions.length > 0) {
        for (const row of rows) {
          for (const { name, read } of conversions) row[name] = read(row[name]) as SQLOutputValue;
        }
      }
      return rows;
    }) as StatementSync["all"];
    return statement;
  };
  return sqlite;
}

function toSqlite(value: unknown): SQLInputValue {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SQLInputValue;
}

// Only text and numbers: two result columns of one name (a join's `createdAt`s) share one value, converted once.
const readDate = (value: unknown) => (typeof value === "string" ? new Date(value) : value);
const readFlag = (value: unknown) => (typeof value === "number" ? value !== 0 : value);
