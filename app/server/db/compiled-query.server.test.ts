import { afterEach, expect, test } from "vitest";
import { type Storage, sqliteStorage } from "../../../tests/fixtures/storages";
import { compiledQuery } from "./compiled-query.server";
import { migrateToLatest } from "./database.server";

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.cleanUp();
  storage = undefined;
});

const sessionsOf = compiledQuery((db, userId: string, now: Date, limit: number) =>
  db
    .selectFrom("session")
    .select(["id", "expiresAt"])
    .where("userId", "=", userId)
    .where("token", "!=", "constant")
    .where("expiresAt", ">", now)
    .orderBy("id")
    .limit(limit),
);

test("runs the query compiled at its first call with each call's values, constants kept", async () => {
  storage = await sqliteStorage();
  const { kysely } = await storage.open();
  await migrateToLatest(kysely);
  const at = (days: number) => new Date(Date.UTC(2026, 0, days));
  await kysely
    .insertInto("user")
    .values(
      ["u1", "u2"].map((id) => ({
        id,
        name: id,
        email: `${id}@example.com`,
        emailVerified: false,
        createdAt: at(1),
        updatedAt: at(1),
      })),
    )
    .execute();
  await kysely
    .insertInto("session")
    .values(
      [
        ["s1", "u1", "a", 10],
        ["s2", "u1", "constant", 10],
        ["s3", "u1", "c", 2],
        ["s4", "u2", "d", 10],
        ["s5", "u1", "e", 10],
      ].map(([id, userId, token, days]) => ({
        id: id as string,
        userId: userId as string,
        token: token as string,
        expiresAt: at(days as number),
        createdAt: at(1),
        updatedAt: at(1),
      })),
    )
    .execute();
  expect(await sessionsOf(kysely, "u1", at(5), 10)).toEqual([
    { id: "s1", expiresAt: at(10) },
    { id: "s5", expiresAt: at(10) },
  ]);
  expect(await sessionsOf(kysely, "u1", at(1), 2)).toEqual([
    { id: "s1", expiresAt: at(10) },
    { id: "s3", expiresAt: at(2) },
  ]);
  expect(await sessionsOf(kysely, "u2", at(5), 10)).toEqual([{ id: "s4", expiresAt: at(10) }]);
});
