import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { ROLE_NAMES, type TeamRole } from "./roles";

/** Each account's teams and its role in each, by account id (`AuthExtensions.membershipsOf`: the admin console). */
export async function teamMembershipsOf(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, { name: string; role: string }[]>> {
  const memberships = new Map<string, { name: string; role: string }[]>();
  if (userIds.length === 0) return memberships;
  const rows = await db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["member.userId", "member.role", "organization.name"])
    .where("member.userId", "in", userIds)
    .orderBy("organization.name")
    .execute();
  for (const { userId, role, name } of rows) {
    // Worded for the reader of the admin console, in their language; a role this version does not know as it is.
    const roleName = ROLE_NAMES[role as TeamRole]?.() ?? role;
    memberships.set(userId, [...(memberships.get(userId) ?? []), { name, role: roleName }]);
  }
  return memberships;
}
