/** What the browser receives about teams: the dashboard's card, the pages, the data export. */
import type { TeamRole } from "./roles";

/** A team the signed-in person belongs to. */
export type TeamSummary = {
  id: string;
  name: string;
  role: TeamRole;
  members: number;
  /** The session's active team (the header's switcher sets it). */
  active: boolean;
  joinedAt: string;
};

/** An invitation waiting for the signed-in person's verified address. */
export type InvitationForMe = { id: string; team: string; role: TeamRole; expiresAt: string };

/** An invitation the person sent (the data export lists them). */
export type InvitationSent = {
  team: string;
  email: string;
  role: TeamRole;
  status: string;
  createdAt: string;
};

/** The dashboard's `features.teams`, also in "Download my data". */
export type TeamsData = {
  teams: TeamSummary[];
  invitationsForMe: InvitationForMe[];
  /** In the data export only. */
  invitationsSent?: InvitationSent[];
};

/** A team's page: the team, the viewer's role in it, its members and its waiting invitations. */
export type TeamDetails = {
  id: string;
  name: string;
  active: boolean;
  myRole: TeamRole;
  myMemberId: string;
  owners: number;
  /** `name` is null when it breaks the rule of text others read (~/lib/shown-text.ts): the address stands for it. */
  members: { id: string; name: string | null; email: string; role: TeamRole; since: string }[];
  /** Each with who sent it (their name as for `members`). */
  invitations: {
    id: string;
    email: string;
    role: TeamRole;
    expiresAt: string;
    invitedBy: { name: string | null; email: string };
  }[];
};
