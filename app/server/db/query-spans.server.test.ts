import { SpanStatusCode } from "@opentelemetry/api";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { collectedSpans, parentOf, spanNamed } from "../../../tests/fixtures/collected-spans";
import { createTestDatabase, NO_POSTGRES, postgresUrl } from "../../../tests/fixtures/postgres";
import type { Tracing } from "../tracing/tracing.server";
import { migrateToLatest, type OpenedDatabase, openDatabase } from "./database.server";
import { openPostgresDatabase } from "./postgres.server";
import { describeQuery } from "./query-spans.server";

const EMAIL = "ada.lovelace@example.com";

describe("describeQuery", () => {
  const db = openDatabase(":memory:");

  test.each([
    ["SELECT session", db.kysely.selectFrom("session").select("id").where("token", "=", "a-token")],
    ["SELECT user", db.kysely.selectFrom("user as u").select("u.id").where("u.email", "=", EMAIL)],
    [
      "INSERT mail",
      db.kysely.insertInto("mail").values({ id: "m", kind: "k", payload: "p", status: "pending" } as never),
    ],
    ["UPDATE session", db.kysely.updateTable("session").set({ token: "new-token" }).where("id", "=", "s")],
    ["DELETE verification", db.kysely.deleteFrom("verification").where("identifier", "=", EMAIL)],
  ])("%s, with placeholders where the values were", (name, query) => {
    const { name: spanName, attributes } = describeQuery(query.compile(), "sqlite");
    expect(spanName).toBe(name);
    expect(attributes["db.system.name"]).toBe("sqlite");
    expect(attributes["db.query.text"]).toContain("?");
    for (const value of [EMAIL, "a-token", "new-token"])
      expect(JSON.stringify(attributes)).not.toContain(value);
  });

  test("raw SQL is named by its first keyword", () => {
    const compiled = sql`PRAGMA table_info(${"user"})`.compile(db.kysely);
    expect(describeQuery(compiled, "postgresql")).toMatchObject({
      name: "PRAGMA",
      attributes: { "db.system.name": "postgresql", "db.operation.name": "PRAGMA" },
    });
  });
});

/** Runs a few queries of a traced request on `db`, one of them refused with the address in its error. */
async function requestWithQueries(tracing: Tracing, db: OpenedDatabase) {
  await tracing.inRequest("POST", async () => {
    await db.kysely
      .insertInto("verification")
      .values({
        id: "v1",
        identifier: EMAIL,
        value: "x",
        expiresAt: new Date(),
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .execute();
    await db.kysely.transaction().execute((trx) => trx.selectFrom("verification").select("id").execute());
    // The same id again: refused, and the database's message may quote what it refused.
    await db.kysely
      .insertInto("verification")
      .values({
        id: "v1",
        identifier: EMAIL,
        value: "x",
        expiresAt: new Date(),
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .execute()
      .catch(() => {});
    return { route: "/queries", status: 200 };
  });
}

const databases = [
  {
    name: "SQLite",
    configured: true,
    open: async (tracing: Tracing) => ({ db: openDatabase(":memory:", { tracing }), drop: async () => {} }),
  },
  {
    name: "PostgreSQL",
    configured: Boolean(postgresUrl),
    open: async (tracing: Tracing) => {
      const database = await createTestDatabase("unit_query_spans");
      return { db: openPostgresDatabase(database.url, { tracing }), drop: database.drop };
    },
  },
];

describe.each(databases)("traced queries on $name", ({ name, configured, open }) => {
  test.skipIf(!configured)(
    `each query of a request is its child, named by operation and table; a refusal fails it by code${configured ? "" : ` (${NO_POSTGRES})`}`,
    async () => {
      const { tracing, finished } = collectedSpans();
      const { db, drop } = await open(tracing);
      try {
        // Migrating serves no request: no spans.
        await migrateToLatest(db.kysely);
        await requestWithQueries(tracing, db);
      } finally {
        await db.close();
        await drop();
      }
      const spans = await finished();
      const request = spanNamed(spans, "POST /queries");
      const queries = spans.filter((span) => span !== request);
      expect(queries.map((span) => span.name)).toEqual([
        "INSERT verification",
        "BEGIN",
        "SELECT verification",
        "COMMIT",
        "INSERT verification",
      ]);
      for (const query of queries) {
        expect(parentOf(query)).toBe(request.spanContext().spanId);
        expect(query.attributes["db.system.name"]).toBe(name === "SQLite" ? "sqlite" : "postgresql");
      }
      const refused = queries.at(-1);
      expect(refused?.status).toEqual({ code: SpanStatusCode.ERROR });
      expect(refused?.attributes["error.type"]).toMatch(/^[A-Z0-9_]+$/);
      expect(JSON.stringify(spans.map((span) => [span.attributes, span.status, span.events]))).not.toContain(
        EMAIL,
      );
    },
  );
});
