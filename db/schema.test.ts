import { afterEach, describe, expect, test } from "vitest";
import { serverFeatures } from "~/features/server.server";
import { migrateToLatest } from "~/server/db/database.server";
import { NO_POSTGRES } from "../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../tests/fixtures/storages";
import { tableColumns } from "./schema";

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.cleanUp();
  storage = undefined;
});

const sorted = (names: Iterable<string>) => [...names].sort();

// The type checker holds `tableColumns` to `Database`; this holds both, with the listed features' tables, to what the migrations make.
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
      const declared = Object.fromEntries(
        Object.entries({
          ...tableColumns,
          ...Object.fromEntries(serverFeatures().flatMap((feature) => Object.entries(feature.tables ?? {}))),
        }).map(([table, columns]) => [table, sorted(Object.keys(columns))]),
      );
      expect(madeColumns).toEqual(declared);
    },
  );
});
