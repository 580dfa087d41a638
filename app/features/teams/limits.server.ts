import type { NamedLimit } from "~/server/limits/rate-limit.server";

/** Invitations sent, new or again, from one team: 20 an hour. */
export const INVITATIONS_PER_TEAM: NamedLimit = { name: "team-invitations", max: 20, windowSeconds: 60 * 60 };

/** Invitations sent to one address, from any team: 5 a day, so nobody's mailbox is flooded. */
export const INVITATIONS_PER_ADDRESS: NamedLimit = {
  name: "team-invitations-to",
  max: 5,
  windowSeconds: 24 * 60 * 60,
};
