import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { generate, IdentifierNode, SqliteDialect } from "kysely-codegen";
import { migrateToLatest, openDatabase } from "~/server/db/database.server";

/** What a SQLite column declared by `./migrations/types.ts` holds, as the app reads it. */
const READ_AS = { boolean: "boolean", date: "Date" } as const;

/**
 * The text of `schema.generated.ts`: kysely-codegen's row types of a SQLite
 * database freshly made by the migrations (a `boolean(db)` column is a
 * `boolean`, a `timestamp(db)` one a `Date`), then `convertedColumns`, the
 * same columns for the SQLite driver (app/server/db/sqlite-values.server.ts).
 * `npm run db:types` writes it; `npm run lint` fails when it is stale.
 */
export async function generateSchemaTypes(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "db-types-"));
  const db = openDatabase(dir);
  try {
    await migrateToLatest(db.kysely);
    const dialect = new SqliteDialect();
    for (const [declared, type] of Object.entries(READ_AS))
      (dialect.adapter.scalars as Record<string, IdentifierNode>)[declared] = new IdentifierNode(type);
    const converted: string[] = [];
    const types = await generate({
      db: db.kysely,
      dialect,
      excludePattern: "kysely_*",
      outFile: null,
      postprocess: async ({ metadata }) => {
        for (const table of metadata.tables) {
          // SQLite lets a primary key other than an integer be null; the app's never are (nor PostgreSQL's).
          const { rows } = await sql<{
            name: string;
          }>`select name from pragma_table_info(${table.name}) where pk > 0`.execute(db.kysely);
          const keys = new Set(rows.map((row) => row.name));
          const columns: string[] = [];
          for (const column of table.columns) {
            if (keys.has(column.name)) column.isNullable = false;
            const type = READ_AS[column.dataType.toLowerCase() as keyof typeof READ_AS];
            if (type) columns.push(`${column.name}: "${type}"`);
          }
          if (columns.length > 0) converted.push(`  ${table.name}: { ${columns.join(", ")} },`);
        }
        return metadata;
      },
    });
    return `${types}
/** The columns SQLite stores as ISO text or 0/1 and the app reads as a \`Date\` or a \`boolean\`. */
export const convertedColumns: Record<string, Record<string, "Date" | "boolean">> = {
${converted.join("\n")}
};
`;
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
