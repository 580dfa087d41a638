/** A team's name and how many teams one account or IP creates, through the forms on the server. */
import { afterEach, expect, test } from "vitest";
import { TEAMS_PER_ACCOUNT, TEAMS_PER_IP } from "./limits.server";
import { type Person, teamsWorld, type World } from "./test-world.server";

let world: World | undefined;
afterEach(async () => {
  await world?.db.close();
  world = undefined;
});

const open = async () => {
  world = await teamsWorld();
  return world;
};

test.each([
  ["paypal.com.evil.example", /dots between letters/],
  ["www\u2024evil\u2024com", /dots between letters/],
  ["Acme \u202eelgoog", /formatting characters/],
  ["+1 555 123 4567", /phone number/],
])(
  "a team named %j is refused on creating and on renaming, with the rule's message on the field",
  async (name, message) => {
    const { join, post, createTeam, db } = await open();
    const ada = await join("Ada");
    const created = await post(ada, { intent: "create-team", name });
    expect(created).toMatchObject({ status: 400 });
    expect(created.fieldErrors?.name).toMatch(message);
    expect(await db.kysely.selectFrom("organization").select("id").execute()).toEqual([]);
    const teamId = await createTeam(ada, "Acme");
    expect(await post(ada, { intent: "rename-team", teamId, name })).toMatchObject({ status: 400 });
    expect(await db.kysely.selectFrom("organization").select("name").execute()).toEqual([{ name: "Acme" }]);
  },
);

test("names that read as names are kept as typed", async () => {
  const { join, createTeam, db } = await open();
  const ada = await join("Ada");
  for (const name of ["Acme & Co.", "Équipe Ünïcode", "R&D (2026)", "Team 42"]) await createTeam(ada, name);
  const names = await db.kysely.selectFrom("organization").select("name").orderBy("name").execute();
  expect(names.map((row) => row.name)).toEqual(["Acme & Co.", "R&D (2026)", "Team 42", "Équipe Ünïcode"]);
});

test(`one account creates ${TEAMS_PER_ACCOUNT.max} teams a day, then 429 with Retry-After`, async () => {
  const { join, post, createTeam } = await open();
  const ada = await join("Ada");
  for (let made = 0; made < TEAMS_PER_ACCOUNT.max; made++) await createTeam(ada);
  const over = await post(ada, { intent: "create-team", name: "One too many" });
  expect(over).toMatchObject({ status: 429 });
  expect(Number(over.retryAfter)).toBeGreaterThan(60 * 60);
  // Someone else, from another IP, is not held back by Ada's count.
  await createTeam(await join("Bea", { ip: "198.51.100.9" }));
});

test(`one IP creates ${TEAMS_PER_IP.max} teams an hour, whichever accounts`, async () => {
  const { join, post, createTeam } = await open();
  const people = [await join("Ada"), await join("Bea"), await join("Cy")];
  for (let made = 0; made < TEAMS_PER_IP.max; made++)
    await createTeam(people[made % people.length] as Person);
  const fresh = await join("Fresh");
  const over = await post(fresh, { intent: "create-team", name: "From the same IP" });
  expect(over).toMatchObject({ status: 429 });
  expect(Number(over.retryAfter)).toBeGreaterThan(0);
  await createTeam(await join("Elsewhere", { ip: "2001:db8::1" }));
});
