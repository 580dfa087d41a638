/**
 * The tenancy primitive (./team-scope.server.ts) on a table of the test's
 * own, made the way a product's migration makes one (app/features/projects/
 * is the worked example): rows in two teams, and every query through the
 * scope seeing only the session's active team, on both databases the app runs on.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { pluginApi } from "~/server/auth/plugin-api.server";
import { authWithOneAccount, browserHeaders } from "../../../tests/fixtures/auth-in-memory";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import type { teamsPlugin } from "./access.server";
import { activeTeamScope } from "./team-scope.server";

/** The product's migration: a `teamId` that goes with its team, and an index, since every query asks for it. */
async function up(db: Pick<Kysely<unknown>, "schema">): Promise<void> {
  await db.schema
    .createTable("note")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("teamId", "text", (col) => col.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("note_teamId_idx").on("note").column("teamId").execute();
}

/** Its row type, as `npm run db:types` would write it into db/schema.generated.ts. */
type Note = { id: string; teamId: string; name: string };

type World = Awaited<ReturnType<typeof authWithOneAccount>>;

/**
 * Ada, owner of teams A and B (A active), with notes in both, put
 * straight into the table (not through the scope, which is what is tested).
 */
async function twoTeams(storage: Storage) {
  const world: World = await authWithOneAccount({}, await storage.open());
  const { auth, headers, userId } = world;
  await up(world.db.kysely);
  const db = world.db.kysely.withTables<{ note: Note }>();
  // Only a verified address may create a team.
  await db.updateTable("user").set({ emailVerified: true }).where("id", "=", userId).execute();
  const api = pluginApi<typeof teamsPlugin>(auth);
  const team = async (name: string) =>
    (await api.createOrganization({ body: { name, slug: randomUUID() }, headers })).id;
  const a = await team("Team A");
  const b = await team("Team B");
  await db
    .insertInto("note")
    .values([
      { id: "apollo", teamId: a, name: "Apollo" },
      { id: "artemis", teamId: a, name: "Artemis" },
      { id: "borealis", teamId: b, name: "Borealis" },
    ])
    .execute();
  /** Makes `teamId` the active team of the session in `as` (Ada's by default). */
  const switchTo = (teamId: string, as = headers) =>
    api.setActiveOrganization({ body: { organizationId: teamId }, headers: as });
  /** The scope of the session in `as` (Ada's by default), as a page's loader gets it. */
  const scopeOf = async (as = headers) => {
    const signedIn = await auth.api.getSession({ headers: as });
    if (!signedIn) throw new Error("not signed in");
    return activeTeamScope<{ note: Note }>(world.db.kysely, signedIn.session);
  };
  /** The names of the notes the scope sees. */
  const seen = async (as = headers) => {
    const scope = await scopeOf(as);
    if (!scope) return [];
    return (await scope.selectFrom("note").select("name").orderBy("name").execute()).map((row) => row.name);
  };
  await switchTo(a);
  return { ...world, db, api, a, b, switchTo, scopeOf, seen };
}

describe.each(STORAGES)("a team-scoped table on $name", ({ configured, create }) => {
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.cleanUp();
    storage = undefined;
  });
  const skipNote = configured ? "" : ` (${NO_POSTGRES})`;
  const open = async () => {
    storage = await create();
    return twoTeams(storage);
  };

  // The one allowed skip: PostgreSQL is not configured on this machine.
  test.skipIf(!configured)(
    `a query in team A never returns team B's rows, even asked for one by its id${skipNote}`,
    async () => {
      const { a, seen, scopeOf } = await open();
      expect(await seen()).toEqual(["Apollo", "Artemis"]);
      const scope = await scopeOf();
      expect(scope).toMatchObject({ teamId: a, role: "owner" });
      expect(await scope?.selectFrom("note").selectAll().where("id", "=", "borealis").execute()).toEqual([]);
    },
  );

  test.skipIf(!configured)(`switching the active team switches what is seen${skipNote}`, async () => {
    const { b, switchTo, seen, scopeOf } = await open();
    await switchTo(b);
    expect((await scopeOf())?.teamId).toBe(b);
    expect(await seen()).toEqual(["Borealis"]);
  });

  test.skipIf(!configured)(
    `a person removed from the team their session still names gets no scope, so no rows${skipNote}`,
    async () => {
      const { auth, db, a, switchTo, scopeOf, seen } = await open();
      const bea = { name: "Bea Beta", email: "bea@example.com", password: "correct horse" };
      const signUp = await auth.api.signUpEmail({
        body: bea,
        headers: browserHeaders(),
        returnHeaders: true,
      });
      const beas = browserHeaders({ cookie: signUp.headers.getSetCookie()[0]?.split(";")[0] ?? "" });
      const beaId = signUp.response.user.id;
      await db
        .insertInto("member")
        .values({ id: randomUUID(), organizationId: a, userId: beaId, role: "member", createdAt: new Date() })
        .execute();
      await switchTo(a, beas);
      expect(await seen(beas)).toEqual(["Apollo", "Artemis"]);

      await db.deleteFrom("member").where("organizationId", "=", a).where("userId", "=", beaId).execute();
      const session = await auth.api.getSession({ headers: beas });
      expect(session?.session).toMatchObject({ activeOrganizationId: a });
      expect(await scopeOf(beas)).toBeNull();
      expect(await seen(beas)).toEqual([]);
    },
  );

  test.skipIf(!configured)(
    `an insert through the scope lands in the active team, whatever teamId the form sent${skipNote}`,
    async () => {
      const { db, a, b, scopeOf } = await open();
      const scope = await scopeOf();
      if (!scope) throw new Error("no active team");
      const form = { id: "atlas", name: "Atlas", teamId: b };
      await scope.insertInto("note", form).execute();
      expect(
        await db.selectFrom("note").select("teamId").where("id", "=", "atlas").executeTakeFirst(),
      ).toEqual({ teamId: a });
    },
  );

  test.skipIf(!configured)(
    `updates and deletes through the scope never reach another team's row; a deleted team takes its rows${skipNote}`,
    async () => {
      const { db, b, scopeOf } = await open();
      const scope = await scopeOf();
      if (!scope) throw new Error("no active team");
      await scope.updateTable("note").set({ name: "Taken" }).where("id", "=", "borealis").execute();
      await scope.deleteFrom("note").where("id", "=", "borealis").execute();
      const borealis = () => db.selectFrom("note").select("name").where("id", "=", "borealis").execute();
      expect(await borealis()).toEqual([{ name: "Borealis" }]);

      await db.deleteFrom("organization").where("id", "=", b).execute();
      expect(await borealis()).toEqual([]);
    },
  );
});
