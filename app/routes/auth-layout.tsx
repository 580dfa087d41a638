import { signedInOnly } from "~/server/session/guards.server";

/** Pages for signed-in people only: guests go to `/login?redirect=…`. */
export const middleware = [signedInOnly];
