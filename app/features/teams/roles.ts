/**
 * A team's roles and what each may do: the one table the pages (which
 * forms to show), the server (which posts to refuse with a `403`) and
 * docs/teams.md read. better-auth's plugin holds the same rules in its
 * access control (./access.server.ts) and checks them again.
 */
import * as m from "./messages";

export const TEAM_ROLES = ["owner", "admin", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Each role's name, worded when it is shown (`ROLE_NAMES[role]()`), in the reader's language. */
export const ROLE_NAMES: Record<TeamRole, () => string> = {
  owner: m.roleOwner,
  admin: m.roleAdmin,
  member: m.roleMember,
};

/** The roles an invitation or a role change may give (ownership moves only by a transfer). */
export const GIVEN_ROLES = ["admin", "member"] as const satisfies readonly TeamRole[];

/** What a member may do to the team, by the roles allowed. Everyone may see the team and leave it. */
export const TEAM_RIGHTS = {
  invite: ["owner", "admin"],
  revokeInvitation: ["owner", "admin"],
  removeMember: ["owner", "admin"],
  changeRole: ["owner", "admin"],
  rename: ["owner"],
  transferOwnership: ["owner"],
  deleteTeam: ["owner"],
} as const satisfies Record<string, readonly TeamRole[]>;

export type TeamRight = keyof typeof TEAM_RIGHTS;

/** A stored role as one of ours; null for anything else (a role this version does not know). */
export function roleOf(value: unknown): TeamRole | null {
  return TEAM_ROLES.find((role) => role === value) ?? null;
}

/**
 * Who may do something in a team: the roles allowed, and what the others
 * are told (a `403`). The team's own rights are `TEAM_RIGHTS`; a product
 * feature declares its own the same way (app/features/projects/rights.ts).
 * `refusal` is read when a post is refused: a getter that words it then, in
 * the request's language.
 */
export type TeamRule = { roles: readonly TeamRole[]; refusal: string };

/** Whether `role` is one of `roles` (no role: never). */
export function roleAllowed(roles: readonly TeamRole[], role: TeamRole | null): boolean {
  return role !== null && roles.includes(role);
}

/** Whether `role` may do `right`. */
export function may(role: TeamRole | null, right: TeamRight): boolean {
  return roleAllowed(TEAM_RIGHTS[right], role);
}

/**
 * Whether `actor` may change or remove a member whose role is `target`:
 * an owner anyone else, an admin only those below owner.
 */
export function outranksOrOwns(actor: TeamRole | null, target: TeamRole | null): boolean {
  if (actor === "owner") return true;
  return actor === "admin" && target !== "owner";
}
