import { createContext } from "react-router";
import type { SignedInSession } from "~/lib/session";
import type { Auth } from "./auth.server";
import type { Env } from "./env.server";

/** What the HTTP edge hands every loader and action. */
export type AppServices = { env: Env; auth: Auth };

export const servicesContext = createContext<AppServices>();

/** The request's session, read once by the root middleware. */
export const sessionContext = createContext<SignedInSession | null>(null);
