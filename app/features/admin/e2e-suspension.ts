import { queryAll, sqlTrue } from "../../../tests/fixtures/database";

/**
 * Marks an account suspended as the console does (its `user.banned`,
 * ./migrations), for the journeys of other features that a suspension
 * refuses (an invitation, a two-step code): importing this, they need this
 * feature listed (tests/fixtures/feature-journeys.ts).
 */
export async function suspendInDatabase(userId: string): Promise<void> {
  await queryAll([
    {
      text: `UPDATE "user" SET "banned" = ${sqlTrue()}, "banReason" = 'End-to-end suite' WHERE "id" = ?`,
      params: [userId],
    },
  ]);
}
