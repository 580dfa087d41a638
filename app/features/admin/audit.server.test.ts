/**
 * The admin trail on both databases the app runs on: entries are written
 * and listed newest first, and the database itself refuses to change or
 * delete one, whoever asks; an entry outlives the account it names.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { migrateToLatest, type OpenedDatabase } from "~/server/db/database.server";
import { isPostgres } from "../../../db/migrations/types";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import { listAudit, rememberRequestId, writeAudit } from "./audit.server";

const admin = { id: "admin-1", email: "grace@example.test" };
const target = { id: "user-1", email: "ada@example.test" };

describe.each(STORAGES)("the admin trail on $name", ({ configured, create }) => {
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.cleanUp();
    storage = undefined;
  });
  const open = async (): Promise<OpenedDatabase> => {
    storage = await create();
    const db = await storage.open();
    await migrateToLatest(db.kysely);
    return db;
  };
  const skipNote = configured ? "" : ` (${NO_POSTGRES})`;

  // The one allowed skip: PostgreSQL is not configured on this machine.
  test.skipIf(!configured)(
    `entries are kept newest first, with who, whom, why, IP and request id${skipNote}`,
    async () => {
      const { kysely } = await open();
      const request = new Request("http://app.test/admin", { headers: { "x-app-client-ip": "203.0.113.9" } });
      rememberRequestId(request, "request-7");
      await writeAudit(kysely, request, {
        action: "suspend",
        admin,
        target,
        reason: "Spam",
        detail: "until 2027-01-01",
      });
      await writeAudit(kysely, request, { action: "lift-suspension", admin, target });
      const { entries, hasMore } = await listAudit(kysely, { page: 1 });
      expect(hasMore).toBe(false);
      expect(entries.map((entry) => entry.action)).toEqual(["lift-suspension", "suspend"]);
      expect(entries[1]).toMatchObject({
        admin,
        target,
        reason: "Spam",
        detail: "until 2027-01-01",
        requestId: "request-7",
        ipAddress: "203.0.113.9",
      });
      expect((await listAudit(kysely, { page: 1, adminId: "someone-else" })).entries).toEqual([]);
      expect((await listAudit(kysely, { page: 1, targetId: target.id })).entries).toHaveLength(2);
    },
  );

  test.skipIf(!configured)(`no statement can change or delete an entry${skipNote}`, async () => {
    const { kysely } = await open();
    await writeAudit(kysely, new Request("http://app.test/admin"), { action: "make-admin", admin, target });
    await expect(kysely.updateTable("admin_audit").set({ reason: "rewritten" }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(kysely.deleteFrom("admin_audit").execute()).rejects.toThrow(/append-only/);
    if (isPostgres(kysely))
      await expect(sql`TRUNCATE admin_audit`.execute(kysely)).rejects.toThrow(/append-only/);
    const [entry] = (await listAudit(kysely, { page: 1 })).entries;
    expect(entry).toMatchObject({ action: "make-admin", reason: null });
  });
});
