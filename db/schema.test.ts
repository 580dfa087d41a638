import { afterEach, describe, expect, test } from "vitest";
import { serverFeatures } from "~/features/server.server";
import { migrateToLatest } from "~/server/db/database.server";
import { NO_POSTGRES } from "../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../tests/fixtures/storages";
import { tableColumns } from "./schema";

/** The tables and columns of db/schema.ts and of the listed features (`ServerFeature.tables`), merged. */
function declaredColumns(): Record<string, string[]> {
  const declared: Record<string, Set<string>> = {};
  for (const tables of [tableColumns, ...serverFeatures().map((feature) => feature.tables ?? {})]) {
    for (const [table, columns] of Object.entries(tables)) {
      declared[table] = new Set([...(declared[table] ?? []), ...Object.keys(columns)]);
    }
  }
  return Object.fromEntries(Object.entries(declared).map(([table, columns]) => [table, sorted(columns)]));
}

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.cleanUp();
  storage = undefined;
});

const sorted = (names: Iterable<string>) => [...names].sort();

// The type checker holds `tableColumns` to `Database`; this holds both to what the migrations make.
describe.each(STORAGES)("$name", ({ name, configured, create }) => {
  test.skipIf(!configured)(
    `the migrations make exactly the tables and columns of db/schema.ts on ${name}${configured ? "" : ` (${NO_POSTGRES})`}`,
    async () => {
      storage = await create();
      const db = await storage.open();
      await migrateToLatest(db.kysely);
      const made = await db.kysely.introspection.getTables();
      const madeColumns = Object.fromEntries(
        made.map((table) => [table.name, sorted(table.columns.map((column) => column.name))]),
      );
      expect(madeColumns).toEqual(declaredColumns());
    },
  );
});
