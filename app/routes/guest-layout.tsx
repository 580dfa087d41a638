import { guestsOnly } from "~/server/session/guards.server";

/** Pages for guests only: signed-in visitors go on to their redirect target. */
export const middleware = [guestsOnly];
