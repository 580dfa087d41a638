import { CompiledQuery } from "kysely";
import { describe, expect, test } from "vitest";
import { operationOf } from "./query-operation.server";

describe("operationOf", () => {
  const raw = (sql: string) => {
    const { query } = CompiledQuery.raw(sql);
    return operationOf(query, sql);
  };

  test("names raw SQL by its first keyword when it is an operation, never by its text", () => {
    expect(raw("begin immediate")).toBe("begin");
    expect(raw('  SELECT name FROM "kysely_migration"')).toBe("select");
    expect(raw('DELETE FROM "session" WHERE "expiresAt" < ?')).toBe("delete");
    expect(raw("PRAGMA journal_mode = WAL")).toBe("other");
    expect(raw("drop table users; -- alice@example.com")).toBe("other");
  });

  test("names a built query by its node", () => {
    expect(operationOf({ kind: "UpdateQueryNode" }, "update …")).toBe("update");
    expect(operationOf({ kind: "CreateTableNode" }, "create table …")).toBe("other");
  });
});
