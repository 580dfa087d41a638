/** The invitations' limits, through the invite form on the server: one mailbox however it is tagged, and one account's day of invitations to strangers. */
import { afterEach, expect, test } from "vitest";
import { INVITATIONS_PER_ADDRESS, INVITATIONS_TO_STRANGERS, mailboxOf } from "./limits.server";
import { teamsWorld, type World } from "./test-world.server";

let world: World | undefined;
afterEach(async () => {
  await world?.db.close();
  world = undefined;
});

test("an address counts as its mailbox: lower-cased, without a +tag; dots stay", () => {
  expect(mailboxOf("Ada+News@Example.com")).toBe("ada@example.com");
  expect(mailboxOf("ada+1+2@example.com")).toBe("ada@example.com");
  expect(mailboxOf("ada.lovelace@example.com")).toBe("ada.lovelace@example.com");
  // A local part that starts with "+" has no tag to strip.
  expect(mailboxOf("+ada@example.com")).toBe("+ada@example.com");
});

test(`name+tag@ and name@ share one mailbox's ${INVITATIONS_PER_ADDRESS.max} invitations a day`, async () => {
  world = await teamsWorld();
  const { join, post, createTeam } = world;
  const ada = await join("Ada");
  const teamId = await createTeam(ada);
  const invite = (email: string) => post(ada, { intent: "invite", teamId, email, role: "member" });
  for (const email of ["bea@example.com", "bea+1@example.com", "Bea+2@example.com", "bea+3@example.com"]) {
    expect(await invite(email), email).toMatchObject({ status: 200 });
  }
  expect(await invite("bea+4@example.com")).toMatchObject({ status: 200 });
  const sixth = await invite("bea+5@example.com");
  expect(sixth).toMatchObject({ status: 429 });
  expect(Number(sixth.retryAfter)).toBeGreaterThan(0);
  // Another mailbox is not held back.
  expect(await invite("cy+1@example.com")).toMatchObject({ status: 200 });
});

test(`one account invites at most ${INVITATIONS_TO_STRANGERS.max} addresses without an account a day; people with one still get theirs`, async () => {
  world = await teamsWorld();
  const { join, post, createTeam, db } = world;
  const ada = await join("Ada");
  // The first 20 from two teams, so neither reaches its own hourly limit; the 21st from a third.
  const teams = [await createTeam(ada), await createTeam(ada), await createTeam(ada)];
  const invite = (teamId: string, email: string) =>
    post(ada, { intent: "invite", teamId, email, role: "member" });
  for (let sent = 0; sent < INVITATIONS_TO_STRANGERS.max; sent++) {
    const teamId = teams[sent % 2] ?? "";
    expect(await invite(teamId, `stranger${sent}@example.com`)).toMatchObject({ status: 200 });
  }
  const over = await invite(teams[2] ?? "", "one.more@example.com");
  expect(over).toMatchObject({ status: 429 });
  expect(Number(over.retryAfter)).toBeGreaterThan(60 * 60);
  expect(
    await db.kysely
      .selectFrom("invitation")
      .select("id")
      .where("email", "=", "one.more@example.com")
      .execute(),
  ).toEqual([]);
  const bea = await join("Bea");
  expect(await invite(teams[2] ?? "", bea.email)).toMatchObject({ status: 200 });
});
