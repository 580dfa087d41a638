import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { type Instance, launchInstances, signUpAt } from "../../../tests/fixtures/instances";
import { postForm } from "../../../tests/fixtures/no-js-forms";
import { createTestDatabase, type TestDatabase } from "../../../tests/fixtures/postgres";
import { stopServer } from "../../../tests/fixtures/server-process";
import { invitationLink } from "./test-fixtures";

// Two instances on one PostgreSQL database and nothing else shared (no
// Redis): a membership is read from the database at every request, so a
// removal through one is seen by the other at once. Runs wherever
// DATABASE_URL is set (the `postgres` project in playwright.config.ts).

test.describe.configure({ mode: "serial", timeout: 60_000 });

let database: TestDatabase;
let a: Instance;
let b: Instance;

test.beforeAll(async () => {
  database = await createTestDatabase("e2e_teams_instances");
  [a, b] = (await launchInstances([73, 74], { DATABASE_URL: database.url })) as [Instance, Instance];
});

test.afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map(({ server }) => stopServer(server)));
  await database?.drop();
});

const person = (name: string) => ({
  name,
  email: `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`,
  password: "correct horse battery staple",
});

const statusAt = async (base: string, path: string, cookie: string) =>
  (await fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" })).status;

test("a member removed through instance A loses the team at their next request through instance B", async () => {
  const owner = person("Olivia");
  const member = person("Milo");
  const ownerCookie = await signUpAt(a.base, owner);
  const memberCookie = await signUpAt(b.base, member);

  const name = `Shared ${randomUUID().slice(0, 6)}`;
  const created = await postForm(a.base, { intent: "create-team", name }, "/dashboard/teams", ownerCookie);
  expect(created.status).toBe(302);
  const teamPage = created.headers.get("location") ?? "";
  const teamId = teamPage.split("/").pop() ?? "";
  const invited = await postForm(
    a.base,
    { intent: "invite", teamId, email: member.email, role: "member" },
    teamPage,
    ownerCookie,
  );
  expect(invited.status).toBe(200);

  // Accepted through B, from the link A mailed.
  const token = new URL(await invitationLink(member.email, name)).searchParams.get("token") ?? "";
  const accepted = await postForm(b.base, { token, answer: "accept" }, "/team-invitation", memberCookie);
  expect(accepted.status).toBe(302);
  expect(await statusAt(b.base, teamPage, memberCookie)).toBe(200);
  expect(await statusAt(a.base, teamPage, memberCookie)).toBe(200);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client
    .query(`SELECT id FROM "member" WHERE "organizationId" = $1 AND role = 'member'`, [teamId])
    .finally(() => client.end());
  const removed = await postForm(
    a.base,
    { intent: "remove-member", teamId, memberId: String(rows[0]?.id) },
    teamPage,
    ownerCookie,
  );
  expect(removed.status).toBe(200);
  expect(await statusAt(b.base, teamPage, memberCookie)).toBe(404);
  // Nor can they act on it there.
  const forged = await postForm(
    b.base,
    { intent: "invite", teamId, email: `x.${member.email}`, role: "member" },
    teamPage,
    memberCookie,
  );
  expect(forged.status).toBe(404);
});
