/** The link mailed to a team's previous owner after "Make owner": once, for a week, only in the state it was sent for, only for them. */
import { afterEach, describe, expect, test, vi } from "vitest";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import { TEAM_TAKE_BACK_SECONDS } from "./constants";
import { TAKE_BACK_LINK, takeBackOfLink, takeOwnershipBack } from "./ownership-take-back.server";
import { type Person, teamsWorld, type World } from "./test-world.server";

// The one allowed skip: PostgreSQL is not configured on this machine.
describe.each(STORAGES)("taking ownership back on $name", ({ configured, create }) => {
  let storage: Storage | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await storage?.cleanUp();
    storage = undefined;
  });
  const skipNote = configured ? "" : ` (${NO_POSTGRES})`;

  /** Ada owned a team and made Bea (an admin) its owner; Cy is a member. Ada's mail has the link. */
  async function handedOver() {
    storage = await create();
    const w: World = await teamsWorld(storage);
    const ada = await w.join("Ada");
    const bea = await w.join("Bea", { ip: "198.51.100.2" });
    const cy = await w.join("Cy", { ip: "198.51.100.3" });
    const teamId = await w.createTeam(ada, "Acme");
    const beaId = await w.addMember(teamId, bea, "admin");
    const cyId = await w.addMember(teamId, cy, "member");
    expect(await w.post(ada, { intent: "transfer-ownership", teamId, memberId: beaId })).toMatchObject({
      status: 200,
    });
    const token = w.lastToken(TAKE_BACK_LINK);
    const takeBack = (as: Person, with_ = token) =>
      takeOwnershipBack(
        w.services,
        new Request("http://localhost:3000/team-ownership"),
        { ...as, emailVerified: true },
        with_,
      );
    const roleOf = async (person: Person) => (await w.membership(teamId, person))?.role;
    return { ...w, ada, bea, cy, teamId, beaId, cyId, token, takeBack, roleOf };
  }

  test.skipIf(!configured)(
    `the previous owner's mail carries the link; following it restores both roles, mails both, and works once${skipNote}`,
    async () => {
      const w = await handedOver();
      const toAda = w.mails.find((mail) => mail.to === w.ada.email);
      expect(toAda?.text).toContain("Take ownership back: http://localhost:3000/team-ownership?token=");
      expect(w.mails.find((mail) => mail.to === w.bea.email)?.text).not.toContain("team-ownership?token=");
      expect([await w.roleOf(w.ada), await w.roleOf(w.bea)]).toEqual(["admin", "owner"]);

      expect(await w.takeBack(w.ada)).toMatchObject({ ok: true, teamId: w.teamId });
      expect([await w.roleOf(w.ada), await w.roleOf(w.bea)]).toEqual(["owner", "admin"]);
      const takenBack = w.mails.filter((mail) =>
        mail.subject.startsWith("Ownership of “Acme” was taken back"),
      );
      expect(takenBack.map((mail) => mail.to).sort()).toEqual([w.ada.email, w.bea.email].sort());
      const log = await w.db.kysely
        .selectFrom("activity")
        .select(["userId", "kind"])
        .where("kind", "like", "team-ownership-%")
        .execute();
      expect(log).toEqual(
        expect.arrayContaining([
          { userId: w.ada.id, kind: "team-ownership-taken-back" },
          { userId: w.bea.id, kind: "team-ownership-lost" },
        ]),
      );
      // Once only.
      expect(await w.takeBack(w.ada)).toMatchObject({ ok: false, status: 400 });
    },
  );

  test.skipIf(!configured)(
    `anyone else, the new owner included, is refused and uses nothing up${skipNote}`,
    async () => {
      const w = await handedOver();
      for (const someone of [w.bea, w.cy])
        expect(await w.takeBack(someone)).toMatchObject({ ok: false, status: 403 });
      expect([await w.roleOf(w.ada), await w.roleOf(w.bea)]).toEqual(["admin", "owner"]);
      expect(await w.takeBack(w.ada)).toMatchObject({ ok: true });
    },
  );

  test.skipIf(!configured)(`it works for 7 days, not after${skipNote}`, async () => {
    const w = await handedOver();
    const sent = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(sent + (TEAM_TAKE_BACK_SECONDS - 60) * 1000);
    expect(await takeBackOfLink(w.services, w.token)).not.toBeNull();
    vi.setSystemTime(sent + (TEAM_TAKE_BACK_SECONDS + 1) * 1000);
    expect(await takeBackOfLink(w.services, w.token)).toBeNull();
    expect(await w.takeBack(w.ada)).toMatchObject({ ok: false, status: 400 });
    expect(await w.roleOf(w.bea)).toBe("owner");
  });

  test.skipIf(!configured).each([
    [
      "the previous owner left",
      async (w: Awaited<ReturnType<typeof handedOver>>) => {
        expect(await w.post(w.ada, { intent: "leave-team", teamId: w.teamId })).toMatchObject({
          status: 302,
        });
      },
    ],
    [
      "the new owner handed the team on",
      async (w: Awaited<ReturnType<typeof handedOver>>) => {
        expect(
          await w.post(w.bea, { intent: "transfer-ownership", teamId: w.teamId, memberId: w.cyId }),
        ).toMatchObject({ status: 200 });
      },
    ],
    // Bea owns the team again, but by a later transfer: that one voided Ada's link.
    [
      "ownership moved on and came back",
      async (w: Awaited<ReturnType<typeof handedOver>>) => {
        await w.post(w.bea, { intent: "transfer-ownership", teamId: w.teamId, memberId: w.cyId });
        await w.post(w.cy, { intent: "transfer-ownership", teamId: w.teamId, memberId: w.beaId });
      },
    ],
  ])("it no longer applies once %s", async (_, change) => {
    const w = await handedOver();
    await change(w);
    const owners = await w.db.kysely
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", w.teamId)
      .where("role", "=", "owner")
      .execute();
    expect(await takeBackOfLink(w.services, w.token)).toBeNull();
    expect(await w.takeBack(w.ada)).toMatchObject({ ok: false });
    expect(
      await w.db.kysely
        .selectFrom("member")
        .select("userId")
        .where("organizationId", "=", w.teamId)
        .where("role", "=", "owner")
        .execute(),
    ).toEqual(owners);
  });
});
