import { describe, expect, it } from "vitest";
import { may, outranksOrOwns, roleOf, TEAM_RIGHTS } from "./roles";

describe("a team's roles", () => {
  it("give owners every right, admins all but renaming, handing over and deleting, members none", () => {
    const rights = Object.keys(TEAM_RIGHTS) as (keyof typeof TEAM_RIGHTS)[];
    expect(rights.filter((right) => may("owner", right))).toEqual(rights);
    expect(rights.filter((right) => may("admin", right))).toEqual([
      "invite",
      "revokeInvitation",
      "removeMember",
      "changeRole",
    ]);
    expect(rights.filter((right) => may("member", right))).toEqual([]);
    expect(may(null, "invite")).toBe(false);
  });

  it("let an admin act on members and admins but never on an owner", () => {
    expect(outranksOrOwns("admin", "member")).toBe(true);
    expect(outranksOrOwns("admin", "admin")).toBe(true);
    expect(outranksOrOwns("admin", "owner")).toBe(false);
    expect(outranksOrOwns("owner", "owner")).toBe(true);
    expect(outranksOrOwns("member", "member")).toBe(false);
  });

  it("read only the roles this version knows", () => {
    expect(roleOf("admin")).toBe("admin");
    expect(roleOf("admin,owner")).toBeNull();
    expect(roleOf(" owner")).toBeNull();
  });
});
