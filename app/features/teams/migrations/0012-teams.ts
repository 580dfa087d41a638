// Migration 0012-teams: its name is recorded in existing databases; never rename it.
import type { Kysely } from "kysely";
import { timestamp } from "../../../../db/migrations/types";

/**
 * Teams, in the shape of better-auth's `organization` plugin: the team
 * (`organization`), who belongs to it with which role (`member`), the
 * invitations waiting for an answer (`invitation`), and the team a
 * session works in (`session.activeOrganizationId`). A team's members and
 * invitations go with it; a person's memberships and the invitations they
 * sent go with their account. A team left without members is deleted
 * with the account of its last one (./account-deletion.server.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("organization")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("logo", "text")
    .addColumn("metadata", "text")
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("member")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("organizationId", "text", (col) =>
      col.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("member_organizationId_idx").on("member").column("organizationId").execute();
  await db.schema.createIndex("member_userId_idx").on("member").column("userId").execute();
  await db.schema
    .createTable("invitation")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("organizationId", "text", (col) =>
      col.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("expiresAt", timestamp(db), (col) => col.notNull())
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .addColumn("inviterId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema
    .createIndex("invitation_organizationId_idx")
    .on("invitation")
    .column("organizationId")
    .execute();
  await db.schema.createIndex("invitation_email_idx").on("invitation").column("email").execute();
  await db.schema.alterTable("session").addColumn("activeOrganizationId", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("session").dropColumn("activeOrganizationId").execute();
  await db.schema.dropTable("invitation").execute();
  await db.schema.dropTable("member").execute();
  await db.schema.dropTable("organization").execute();
}
