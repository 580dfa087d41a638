import { readFileSync } from "node:fs";
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

it("docs/teams.md's roles table says what TEAM_RIGHTS says", () => {
  const doc = readFileSync(new URL("../../../docs/teams.md", import.meta.url), "utf8");
  const rights = Object.keys(TEAM_RIGHTS) as (keyof typeof TEAM_RIGHTS)[];
  for (const role of ["owner", "admin", "member"] as const) {
    const row = doc
      .split("\n")
      .find((line) => line.startsWith(`| ${role[0]?.toUpperCase()}${role.slice(1)} |`));
    // Columns: the role, seeing the team, then one per right in TEAM_RIGHTS' order, then leaving.
    const cells =
      row
        ?.split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()) ?? [];
    const said = cells.slice(2, 2 + rights.length).map((cell) => cell.startsWith("yes"));
    expect(said, role).toEqual(rights.map((right) => may(role, right)));
  }
});
