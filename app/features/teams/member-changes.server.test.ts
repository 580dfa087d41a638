/**
 * Changes to a team's members on the server, on both databases the app
 * runs on: two posts at once never leave a team without an owner, and an
 * invitation never outlives its sender's right to invite.
 */
import { afterEach, describe, expect, test } from "vitest";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import { INVITATION_LINK, invitationOfLink } from "./invitations.server";
import { teamDetails } from "./teams.server";
import { teamsWorld, type World } from "./test-world.server";

describe.each(STORAGES)("members' changes on $name", ({ configured, create }) => {
  let storage: Storage | undefined;
  let world: World | undefined;
  afterEach(async () => {
    await storage?.cleanUp();
    if (!storage) await world?.db.close();
    storage = undefined;
    world = undefined;
  });
  const skipNote = configured ? "" : ` (${NO_POSTGRES})`;
  /** Ada and Bea, both owners of one team, with Cy a member. */
  const twoOwners = async () => {
    storage = await create();
    world = await teamsWorld(storage);
    const ada = await world.join("Ada");
    const bea = await world.join("Bea", { ip: "198.51.100.2" });
    const cy = await world.join("Cy", { ip: "198.51.100.3" });
    const teamId = await world.createTeam(ada);
    const beaId = await world.addMember(teamId, bea, "owner");
    await world.addMember(teamId, cy, "member");
    const adaId = (await world.membership(teamId, ada))?.id ?? "";
    return { ...world, ada, bea, cy, teamId, adaId, beaId };
  };

  // The one allowed skip: PostgreSQL is not configured on this machine.
  test.skipIf(!configured)(`the last two owners leaving at once leave one owner${skipNote}`, async () => {
    const { post, roles, ada, bea, teamId } = await twoOwners();
    const answers = await Promise.all(
      [ada, bea].map((owner) => post(owner, { intent: "leave-team", teamId })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await roles(teamId)).toEqual(["member", "owner"]);
  });

  test.skipIf(!configured)(`two owners removing each other at once leave one owner${skipNote}`, async () => {
    const { post, roles, ada, bea, teamId, adaId, beaId } = await twoOwners();
    const answers = await Promise.all([
      post(ada, { intent: "remove-member", teamId, memberId: beaId }),
      post(bea, { intent: "remove-member", teamId, memberId: adaId }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(await roles(teamId)).toEqual(["member", "owner"]);
  });

  test.skipIf(!configured)(
    `two owners making each other admin at once leave one owner${skipNote}`,
    async () => {
      const { post, roles, ada, bea, teamId, adaId, beaId } = await twoOwners();
      const answers = await Promise.all([
        post(ada, { intent: "change-role", teamId, memberId: beaId, role: "admin" }),
        post(bea, { intent: "change-role", teamId, memberId: adaId, role: "admin" }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      expect(await roles(teamId)).toEqual(["admin", "member", "owner"]);
    },
  );

  /** Ada owns a team where Bea is an admin who invited Dee; Dee has an account and a link. */
  const anAdminsInvitation = async () => {
    storage = await create();
    world = await teamsWorld(storage);
    const ada = await world.join("Ada");
    const bea = await world.join("Bea Admin", { ip: "198.51.100.2" });
    const dee = await world.join("Dee", { ip: "198.51.100.4" });
    const teamId = await world.createTeam(ada);
    const beaId = await world.addMember(teamId, bea, "admin");
    expect(
      await world.post(bea, { intent: "invite", teamId, email: dee.email, role: "admin" }),
    ).toMatchObject({
      status: 200,
    });
    const invitation = await world.db.kysely
      .selectFrom("invitation")
      .select(["id", "status"])
      .where("email", "=", dee.email)
      .executeTakeFirstOrThrow();
    return {
      ...world,
      ada,
      bea,
      dee,
      teamId,
      beaId,
      invitationId: invitation.id,
      token: world.lastToken(INVITATION_LINK),
    };
  };

  const ways: [string, (w: Awaited<ReturnType<typeof anAdminsInvitation>>) => Promise<unknown>][] = [
    ["is removed", (w) => w.post(w.ada, { intent: "remove-member", teamId: w.teamId, memberId: w.beaId })],
    ["leaves", (w) => w.post(w.bea, { intent: "leave-team", teamId: w.teamId })],
    [
      "is made a member",
      (w) => w.post(w.ada, { intent: "change-role", teamId: w.teamId, memberId: w.beaId, role: "member" }),
    ],
  ];

  test.skipIf(!configured).each(ways)(
    `an admin who %s loses their waiting invitations: the mailed link and the accept no longer work${skipNote}`,
    async (_, change) => {
      const w = await anAdminsInvitation();
      expect(await invitationOfLink(w.services, w.token)).not.toBeNull();
      await change(w);
      const { status } = await w.db.kysely
        .selectFrom("invitation")
        .select("status")
        .where("id", "=", w.invitationId)
        .executeTakeFirstOrThrow();
      expect(status).toBe("canceled");
      expect(await w.services.mail.peek(INVITATION_LINK, w.token)).toBeNull();
      expect(
        await w.post(w.dee, { intent: "accept-invitation", invitationId: w.invitationId }),
      ).toMatchObject({
        status: 404,
      });
      expect(await w.membership(w.teamId, w.dee)).toBeUndefined();
    },
  );

  test.skipIf(!configured)(
    `accepting checks again that the sender may still invite, at the plugin's own door too${skipNote}`,
    async () => {
      const w = await anAdminsInvitation();
      // The sender's role lowered behind the app's back: the invitation still says pending.
      await w.db.kysely.updateTable("member").set({ role: "member" }).where("id", "=", w.beaId).execute();
      expect(await invitationOfLink(w.services, w.token)).toBeNull();
      expect(
        await w.post(w.dee, { intent: "accept-invitation", invitationId: w.invitationId }),
      ).toMatchObject({
        status: 404,
      });
      await expect(
        w.api.acceptInvitation({ body: { invitationId: w.invitationId }, headers: w.dee.headers }),
      ).rejects.toMatchObject({ body: { code: "INVITATION_NOT_FOUND" } });
      expect(await w.membership(w.teamId, w.dee)).toBeUndefined();
    },
  );

  test.skipIf(!configured)(`the team's page says who sent each waiting invitation${skipNote}`, async () => {
    const w = await anAdminsInvitation();
    const details = await teamDetails(w.db.kysely, w.ada.id, w.teamId, null);
    expect(details?.invitations).toEqual([
      expect.objectContaining({ email: w.dee.email, invitedBy: { name: "Bea Admin", email: w.bea.email } }),
    ]);
  });

  test.skipIf(!configured)(
    `a name that breaks the rule of shown text is left out; the address stands for it${skipNote}`,
    async () => {
      const w = await anAdminsInvitation();
      await w.db.kysely
        .updateTable("user")
        .set({ name: "Bea \u202enimda" })
        .where("id", "=", w.bea.id)
        .execute();
      const details = await teamDetails(w.db.kysely, w.ada.id, w.teamId, null);
      expect(details?.invitations[0]?.invitedBy).toEqual({ name: null, email: w.bea.email });
      expect(details?.members.find((member) => member.email === w.bea.email)?.name).toBeNull();
    },
  );
});
