import { sql } from "kysely";
import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { DATABASE_CONNECT_TIMEOUT_MS } from "~/lib/constants";
import { NO_POSTGRES, postgresUrl } from "../../../tests/fixtures/postgres";
import { silentServer } from "../../../tests/fixtures/tcp";
import { answerOutagesWith503, isDatabaseUnavailable } from "./database-errors.server";
import { openPostgresDatabase } from "./postgres.server";

/** The error a query through the app's own pool settings rejects with. */
async function errorOf(url: string, query = sql`select 1`): Promise<unknown> {
  const db = openPostgresDatabase(url);
  try {
    await query.execute(db.kysely);
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await db.close();
  }
}

describe("isDatabaseUnavailable", () => {
  test.each([
    [{ code: "57P01", message: "terminating connection due to administrator command" }, true],
    [{ code: "57P03", message: "the database system is starting up" }, true],
    [{ code: "57P02" }, true], // crash shutdown
    [{ code: "08006" }, true], // connection failure
    [{ code: "08001" }, true], // cannot establish a connection
    [{ code: "53300" }, true], // too many connections
    [{ code: "53100" }, true], // disk full
    [{ code: "57014" }, true], // cancelled by statement_timeout
    [{ code: "55P03" }, true], // lock not available in time
    [{ code: "ECONNRESET" }, true],
    [new Error("Connection terminated unexpectedly"), true],
    [new Error("timeout exceeded when trying to connect"), true],
    [new Error("APIError", { cause: new Error("wrapped", { cause: { code: "ECONNREFUSED" } }) }), true],
    [new AggregateError([{ code: "ECONNREFUSED" }, { code: "ECONNREFUSED" }]), true],
    [{ code: "23505", message: "duplicate key value violates unique constraint" }, false],
    [{ code: "42601", message: "syntax error" }, false],
    [{ code: "22021", message: "invalid byte sequence for encoding" }, false],
    [{ code: "42P01", message: "relation does not exist" }, false],
    [{ code: "57" }, false],
  ])("%j → %s", (error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});

describe("node-postgres's own errors, for real", () => {
  test("a server that refuses connections (stopped): unavailable, at once", async () => {
    const started = Date.now();
    const error = await errorOf("postgres://app:secret@127.0.0.1:1/app");
    expect(error).toHaveProperty("code", "ECONNREFUSED");
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("localhost, tried over IPv6 and IPv4, refusing both: unavailable", async () => {
    expect(isDatabaseUnavailable(await errorOf("postgres://app:secret@localhost:1/app"))).toBe(true);
  });

  test("a server that never answers: unavailable once the connection timeout passes", async () => {
    const silent = await silentServer();
    const started = Date.now();
    const error = await errorOf(`postgres://app:secret@127.0.0.1:${silent.port}/app`);
    const took = Date.now() - started;
    await silent.close();
    expect(String(error)).toContain("Connection terminated due to connection timeout");
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(took).toBeGreaterThanOrEqual(DATABASE_CONNECT_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(DATABASE_CONNECT_TIMEOUT_MS + 1500);
  });
});

describe.skipIf(!postgresUrl)(
  `PostgreSQL's errors, for real${postgresUrl ? "" : ` (${NO_POSTGRES})`}`,
  () => {
    const url = postgresUrl ?? "";

    test("a statement stuck past the 2.5 s statement timeout: unavailable (57014)", async () => {
      const started = Date.now();
      const error = await errorOf(url, sql`select pg_sleep(10)`);
      expect(error).toHaveProperty("code", "57014");
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(4000);
    });

    test("this connection terminated by the server: unavailable (57P01)", async () => {
      const error = await errorOf(url, sql`select pg_terminate_backend(pg_backend_pid())`);
      expect(isDatabaseUnavailable(error)).toBe(true);
    });

    test.each([
      ["a syntax error", sql`select from where`],
      ["a missing table", sql`select * from no_such_table`],
      ["a NUL byte in text", sql`select ${"a\u0000b"}::text`],
    ])("%s is a bug, not an outage", async (_name, query) => {
      const error = await errorOf(url, query);
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(false);
    });
  },
);

describe("answerOutagesWith503", () => {
  const outage = Object.assign(new Error("database is locked"), { errcode: 5 });
  const bug = new Error("no such column: nmae");
  const route = (id: string, module: Record<string, unknown>) => ({ id, path: id, module });
  const original = {
    routes: {
      root: route("root", { middleware: [() => Promise.reject(outage)], default: "Root" }),
      down: route("down", { loader: () => Promise.reject(outage), action: () => Promise.reject(outage) }),
      broken: route("broken", { loader: () => Promise.reject(bug) }),
      fine: route("fine", { loader: () => ({ ok: true }), headers: "kept" }),
    },
  } as unknown as ServerBuild;
  const { routes } = answerOutagesWith503(original);
  const args = {} as never;

  test("an outage in a middleware, loader or action is a 503", async () => {
    const unavailable = { init: { status: 503, statusText: "Service Unavailable" } };
    await expect(
      routes.root?.module.middleware?.[0]?.(args, async () => new Response()),
    ).rejects.toMatchObject(unavailable);
    await expect(routes.down?.module.loader?.(args)).rejects.toMatchObject(unavailable);
    await expect(routes.down?.module.action?.(args)).rejects.toMatchObject(unavailable);
  });

  test("any other error, and every answer, goes through as it was", async () => {
    await expect(routes.broken?.module.loader?.(args)).rejects.toBe(bug);
    await expect(routes.fine?.module.loader?.(args)).resolves.toEqual({ ok: true });
    expect(routes.fine?.module.headers).toBe("kept");
    expect(routes.root?.module.default).toBe("Root");
    expect(routes.fine?.module.action).toBeUndefined();
  });
});
